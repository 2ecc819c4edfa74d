import { useLingui } from '@lingui/react';
import { Anchor, NativeSelect, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { factSheetUrl, STATE_CODES, type StateCode } from '../../shared/states';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { Illustration } from '../illustrations';
import { stateNameIn, stateOptions } from '../lib/state-names';
import classes from './open-your-home-page.module.css';

// "Open your home", the fourth way to get involved: how a family becomes foster parents, and the churches
// that stand with foster families in their state. Kept factual and general (every state licenses foster
// parents through its child-welfare agency, with much the same steps), so it links out to no agency whose
// address could change: a family's next step is the agency or the churches, whom the page names.

// The steps, in English (the catalog's ids).
const STEPS = [
  {
    title: /*i18n*/ 'Inquiry',
    text: /*i18n*/ 'Contact the child-welfare agency of your state, or a foster-care agency it has licensed, and ask to attend an information meeting.',
  },
  {
    title: /*i18n*/ 'Training',
    text: /*i18n*/ 'Take the training your state asks of every foster parent: how children come into care, what they have been through, and how to help them heal.',
  },
  {
    title: /*i18n*/ 'Home study',
    text: /*i18n*/ 'A caseworker visits your home and gets to know your household; every adult who lives there has a background check.',
  },
  {
    title: /*i18n*/ 'License',
    text: /*i18n*/ 'The agency licenses your home, and you can welcome a child. It stays beside you, and so can your church.',
  },
];

const isStateCode = (code: string | null): code is StateCode => (STATE_CODES as readonly string[]).includes(code ?? '');

/** /open-your-home?state=TX: public; without a state, the steps and a state to choose. */
export default function OpenYourHomePage() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const code = params.get('state')?.toUpperCase() ?? null;
  const state = isStateCode(code) ? code : null;
  const name = state ? stateNameIn(i18n, state) : null;

  return (
    <Page title={i18n._('Open your home')} size="md">
      <div className={classes.intro}>
        <Text>
          {i18n._(
            'Foster and adoptive parents give a child a safe place to belong. Families of the network do it with their church around them: people who bring meals, babysit and pray, so that no family fosters alone.',
          )}
        </Text>
        <Illustration name="home" className={classes.illustration} />
      </div>

      <NativeSelect
        label={i18n._('Your state')}
        value={state ?? ''}
        onChange={(event) => setParams(event.currentTarget.value ? { state: event.currentTarget.value } : {}, { replace: true })}
        data={[{ value: '', label: i18n._('Choose a state') }, ...stateOptions(i18n)]}
        w={260}
        className={classes.choose}
      />

      <section aria-labelledby="steps-title" className={classes.section}>
        <Title order={2} id="steps-title" mb="xs">
          {name ? i18n._('Becoming a foster parent in {state}', { state: name }) : i18n._('Becoming a foster parent')}
        </Title>
        <Text mb="md">
          {name
            ? i18n._(
                'In {state}, as in every state, foster parents are licensed by the state’s child-welfare agency, or by a private foster-care agency it has approved. The steps are much the same everywhere:',
                { state: name },
              )
            : i18n._(
                'In every state, foster parents are licensed by the state’s child-welfare agency, or by a private foster-care agency it has approved. The steps are much the same everywhere:',
              )}
        </Text>
        <ol className={classes.steps}>
          {STEPS.map((step) => (
            <li key={step.title} className={classes.step}>
              <Title order={3} size="h4">
                {i18n._(step.title)}
              </Title>
              <Text>{i18n._(step.text)}</Text>
            </li>
          ))}
        </ol>
        <Text c="dimmed" size="sm">
          {i18n._('What each state asks, and how long it takes, differs: the agency tells you what applies where you live.')}
        </Text>
      </section>

      <section aria-labelledby="churches-title" className={classes.section}>
        <Title order={2} id="churches-title" mb="xs">
          {name
            ? i18n._('Churches in {state} that stand with foster families', { state: name })
            : i18n._('Churches that stand with foster families')}
        </Title>
        <Text mb="sm">
          {i18n._(
            'Churches of the network help foster families with what they need, from a bed to a night off. Talk to one before you start: many have foster parents who will tell you how it went.',
          )}
        </Text>
        <ul className={classes.links}>
          <li>
            <AppLink to={state ? `/churches?state=${state}` : '/churches'} className={classes.link}>
              {name ? i18n._('Churches of the network in {state}', { state: name }) : i18n._('Find a church near you')}
            </AppLink>
          </li>
          {state ? (
            <li>
              <Anchor href={factSheetUrl(state)} target="_blank" rel="noopener" className={classes.link}>
                {i18n._('{name} fact sheet (PDF)', { name })}
              </Anchor>
            </li>
          ) : null}
        </ul>
      </section>
    </Page>
  );
}
