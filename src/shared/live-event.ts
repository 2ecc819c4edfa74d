// What the live channel sends, without zod: the browser's stream (src/web/live) runs on every page a member
// opens, for the header's bell, and zod stays out of that first load (the topics' schema is in live.ts).

export type LiveEvent = {
  topic: string;
  /** What happened, e.g. 'created', 'updated', 'deleted'; 'resync' means "refetch everything". */
  kind: string;
  id?: string;
  at: string;
};

export function topicFamily(topic: string): string {
  return topic.split(':')[0] ?? topic;
}

/** The query-key prefix a topic invalidates. */
export function queryKeyOf(topic: string): string[] {
  return topic.split(':');
}
