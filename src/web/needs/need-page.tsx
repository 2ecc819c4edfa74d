import '@mantine/core/styles/Progress.layer.css';
import { Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { queryKeyOf } from '../../shared/live-event';
import { NEED_NOT_FOUND, needOutcomeLabel, needPageSchema, type NeedPage } from '../../shared/needs';
import { Page } from '../app/page';
import { answerOf, isApiRequestError } from '../lib/api';
import { useLive } from '../live';
import { CloseNeed } from './close-need';
import { RespondPanel } from './respond-panel';

// A stand-in for the need's page (issue 26), so that responding can be used and tested on its own branch: the
// asker's helper builds the real page (its items, commitments and outcome), which mounts RespondPanel and
// CloseNeed the same way. Merged with that page, this file goes; GET /api/needs/{id} is read here without the
// typed client because that route is built on the other branch.

function needPageOptions(id: number) {
  return queryOptions({
    queryKey: [...queryKeyOf('needs'), 'page', id],
    queryFn: async ({ signal }) =>
      needPageSchema.parse(
        await answerOf(fetch(`/api/needs/${id}`, { signal, headers: { Accept: 'application/json' }, credentials: 'same-origin' })),
      ),
    retry: false,
  });
}

export default function NeedPageView() {
  const { id = '' } = useParams();
  const needId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  useLive(['needs']);
  const query = useQuery({ ...needPageOptions(needId), enabled: needId > 0 });
  if (needId === 0 || query.isError) {
    const isGone = needId === 0 || (isApiRequestError(query.error) && query.error.status === 404);
    return (
      <Page title={isGone ? 'Need not found' : 'Need'} size="md">
        <Text role="status">{isGone ? NEED_NOT_FOUND : 'The need could not be loaded. Please try again.'}</Text>
      </Page>
    );
  }
  if (query.isPending) {
    return (
      <Page title="Need" size="md">
        <Loader aria-label="Loading the need" />
      </Page>
    );
  }
  return <NeedView need={query.data} />;
}

function NeedView({ need }: { need: NeedPage }) {
  return (
    <Page title={need.title} documentTitle={`${need.title} | Needs`} size="md">
      <Stack gap="lg">
        <Text>
          {need.city}, {need.state}
          {need.outcome ? ` · Closed: ${needOutcomeLabel(need.outcome)}` : ''}
        </Text>
        <Text style={{ whiteSpace: 'pre-line' }}>{need.description}</Text>
        <section aria-labelledby="items-title">
          <Title order={2} size="h3" id="items-title" mb="xs">
            What is needed
          </Title>
          <Stack gap="sm">
            {need.items.map((item) => (
              <div key={item.id}>
                <Text id={`item-${item.id}`}>
                  {item.name}: {item.committed} of {item.quantity} committed
                </Text>
                {/* The section is the progressbar: its name goes there, not on the frame around it. */}
                <Progress.Root>
                  <Progress.Section value={(100 * item.committed) / item.quantity} aria-labelledby={`item-${item.id}`} />
                </Progress.Root>
              </div>
            ))}
          </Stack>
          <Text mt="sm">{need.prayers === 1 ? '1 person prays' : `${need.prayers} people pray`} for this need.</Text>
        </section>
        {need.thankYou ? <Text style={{ whiteSpace: 'pre-line' }}>{need.thankYou}</Text> : null}
        <RespondPanel need={need} />
        <CloseNeed need={need} />
      </Stack>
    </Page>
  );
}
