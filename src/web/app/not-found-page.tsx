import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, List, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX } from '../../shared/forum';
import { MESSAGES } from '../../shared/messages';
import { Page } from './page';

/**
 * The missing page: where to go instead (the places people look for most) and a search of the posts. Laid out on
 * the footer's width, like the pages with columns, so its heading starts where theirs do.
 */
export function NotFoundPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [words, setWords] = useState('');

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = words.trim();
    void navigate(q ? `/discuss?${new URLSearchParams({ q }).toString()}` : '/discuss');
  }

  const places = [
    { to: '/', label: i18n._('Go to the home page') },
    { to: '/discuss', label: i18n._('Discuss: questions, ideas and prayer requests') },
    { to: '/directory', label: i18n._('The member directory') },
    { to: '/churches', label: i18n._('Churches near you') },
    { to: '/needs', label: i18n._('The needs board') },
    { to: '/resources', label: i18n._('Resources and fact sheets') },
  ];

  return (
    <Page title={i18n._(MESSAGES.pageNotFound)} documentTitle={i18n._('Page not found')} size="lg">
      <Text maw={720} mb="lg">
        {i18n._('The address may be mistyped, or the page may have moved. One of these may be what you were looking for:')}
      </Text>
      <List spacing="xs" mb="xl">
        {places.map((place) => (
          <List.Item key={place.to}>
            <Anchor component={Link} to={place.to} fw={700}>
              {place.label}
            </Anchor>
          </List.Item>
        ))}
      </List>
      <Title order={2} size="h4" mb="xs">
        {i18n._('Search')}
      </Title>
      <form role="search" onSubmit={onSearch} aria-label={i18n._('Search the posts')}>
        <Group align="flex-end" gap="sm" maw={720}>
          <TextInput
            label={i18n._('Search the posts')}
            placeholder={i18n._('For example: respite care')}
            value={words}
            maxLength={SEARCH_QUERY_MAX}
            onChange={(event) => setWords(event.currentTarget.value)}
            style={{ flex: 1, minWidth: '12rem' }}
          />
          <Button type="submit">{i18n._('Search')}</Button>
        </Group>
      </form>
    </Page>
  );
}
