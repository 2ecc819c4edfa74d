import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { MyData } from './gather';

// The archive is written as it is sent (fflate's streaming Zip, decision 048): each file is deflated into the
// response as it goes, so a member with years of posts and mail costs the server a file's worth of memory at a
// time, not the whole archive. The photo is a JPEG already: stored, not deflated again.

const README = `This archive holds everything the Foster Care Network's site keeps about you, as of the date of the download.

account.json        your account, your profile, your church, your mail settings and where you are signed in
posts.json          your posts and responses on Discuss, and what you follow
needs.json          the needs you asked for and what you committed to
care-teams.json     your care teams: your role, the tasks you added, the tasks you signed up for, your updates
clearances.json     your clearance records
notifications.json  the notifications the site showed you
mail.json           the mail the site sent you, and the messages you wrote to others through it
photo.jpg           your profile picture, if you have one

Other people's details (their addresses, a family's practical details) are not in it. To have your account
and everything in it deleted, use "Delete account" on your dashboard.
`;

export function zipStream(data: MyData, now: Date): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const zip = new Zip((err, chunk, final) => {
        if (err) return controller.error(err);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      const add = (name: string, bytes: Uint8Array, compress = true) => {
        const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
        file.mtime = now;
        zip.add(file);
        file.push(bytes, true);
      };
      const encoder = new TextEncoder();
      add('README.txt', encoder.encode(README));
      for (const [name, value] of Object.entries(data.files)) add(name, encoder.encode(`${JSON.stringify(value, null, 2)}\n`));
      if (data.photo) add('photo.jpg', data.photo, false);
      zip.end();
    },
  });
}
