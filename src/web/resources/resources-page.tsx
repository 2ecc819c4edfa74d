import { useLingui } from '@lingui/react';
import { Anchor, Button, Loader, NativeSelect, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { BRAND } from '../../shared/brand';
import type { ResourceSummary } from '../../shared/resources';
import { factSheetUrl, NATIONAL_CODE, NETWORK_TARGET_PERCENT } from '../../shared/states';
import { FormAlert } from '../app/form-alert';
import { stateNameIn, stateOptions } from '../lib/state-names';
import { Page } from '../app/page';
import { EmptyIllustration } from '../illustrations';
import { resourcesQueryOptions } from './resources-query';
import classes from './resources.module.css';

const SHEET_ACCENTS = [BRAND.tealDark, BRAND.salmon, BRAND.turquoise];

/** /resources: printable PDFs, images to share, and each state's fact sheet. Public. */
export default function ResourcesPage() {
  const { i18n } = useLingui();
  const { data, isPending, isError } = useQuery(resourcesQueryOptions);
  const printables = data?.resources.filter((r) => r.format === 'PDF') ?? [];
  const images = data?.resources.filter((r) => r.format === 'PNG') ?? [];

  return (
    <Page title={i18n._('Resources')} size="lg">
      <Text className={classes.intro}>
        {i18n._(
          'Flyers, a bulletin insert and a prayer guide to print for your church, images to share online, and a fact sheet for every state. Free to use, print and pass on.',
        )}
      </Text>
      {isPending ? <Loader mt="xl" role="status" aria-label={i18n._('Loading the resources')} /> : null}
      {isError ? <FormAlert message={i18n._('The resources are not available right now. Please try again later.')} /> : null}
      {data && data.resources.length === 0 ? (
        <div className={classes.section}>
          <EmptyIllustration />
          <Text>{i18n._('No flyers or images to share yet. The state fact sheets are below.')}</Text>
        </div>
      ) : null}

      {printables.length ? (
        <section className={classes.section} aria-labelledby="to-print">
          <Title order={2} id="to-print" mb="md">
            {i18n._('To print')}
          </Title>
          <ul className={classes.grid}>
            {printables.map((r, i) => (
              <ResourceCard key={r.id} resource={r} accent={SHEET_ACCENTS[i % SHEET_ACCENTS.length]!} />
            ))}
          </ul>
        </section>
      ) : null}

      {images.length ? (
        <section className={classes.section} aria-labelledby="to-share">
          <Title order={2} id="to-share" mb="md">
            {i18n._('To share online')}
          </Title>
          <ul className={classes.grid}>
            {images.map((r) => (
              <ResourceCard key={r.id} resource={r} accent={BRAND.tealDark} />
            ))}
          </ul>
        </section>
      ) : null}

      <FactSheets />
    </Page>
  );
}

function ResourceCard({ resource: r, accent }: { resource: ResourceSummary; accent: string }) {
  const { i18n } = useLingui();
  const size = i18n._('{kb} KB', { kb: i18n.number(Math.max(1, Math.round(r.bytes / 1024))) });
  return (
    <li className={classes.card}>
      {r.previewUrl && r.format === 'PDF' ? (
        // The printable's first page, drawn by the server, on the tile a sheet would have.
        <div className={classes.sheet}>
          <Picture resource={r} className={classes.page} alt={i18n._('First page of “{title}”', { title: r.title })} />
        </div>
      ) : r.previewUrl ? (
        <Picture resource={r} className={classes.picture} alt={i18n._('Preview of “{title}”', { title: r.title })} />
      ) : (
        <div className={classes.sheet} aria-hidden="true">
          <div className={classes.paper} style={{ '--accent': accent } as CSSProperties}>
            <span className={classes.format}>{r.format}</span>
          </div>
        </div>
      )}
      <div className={classes.body}>
        <Title order={3} size="h4">
          {r.title}
        </Title>
        <Text size="sm">{r.description}</Text>
        <Text className={classes.meta}>
          {r.format} · {r.details} · {size}
        </Text>
        <Button component="a" href={r.url} download={r.fileName} className={classes.download} radius="xl" variant="light">
          {i18n._('Download')}
          <VisuallyHidden> {i18n._('{title} ({format}, {size})', { title: r.title, format: r.format, size })}</VisuallyHidden>
        </Button>
      </div>
    </li>
  );
}

/** A resource's picture (it has one: `previewUrl`), at its own size so the page keeps its place while it loads. */
function Picture({ resource: r, className, alt }: { resource: ResourceSummary; className: string | undefined; alt: string }) {
  return (
    <img
      className={className}
      src={r.previewUrl ?? undefined}
      alt={alt}
      width={r.previewWidth ?? undefined}
      height={r.previewHeight ?? undefined}
      loading="lazy"
    />
  );
}

/** Every state's fact sheet (the same the landing map links to), for people who came here for one. */
function FactSheets() {
  const { i18n } = useLingui();
  const [code, setCode] = useState<string>(NATIONAL_CODE);
  const name = stateNameIn(i18n, code);
  return (
    <section className={classes.section} aria-labelledby="fact-sheets">
      <Title order={2} id="fact-sheets" mb="xs">
        {i18n._('State fact sheets')}
      </Title>
      <Text mb="md" className={classes.intro}>
        {i18n._('Children in foster care, the network’s {percent}% target and our members there, on one printable page.', {
          percent: NETWORK_TARGET_PERCENT,
        })}
      </Text>
      <div className={classes.factSheet}>
        <NativeSelect
          label={i18n._('Fact sheet for')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          data={[{ value: NATIONAL_CODE, label: stateNameIn(i18n, NATIONAL_CODE) }, ...stateOptions(i18n)]}
          w={260}
        />
        <Anchor href={factSheetUrl(code)} target="_blank" rel="noopener" fw={700} pb={6}>
          {i18n._('{name} fact sheet (PDF)', { name })}
        </Anchor>
      </div>
    </section>
  );
}
