import { Loader, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { NEED_NOT_FOUND } from '../../shared/needs';
import { needEditSchema, type NeedFieldsAnswer } from '../../shared/needs-board';
import { flash } from '../app/flash-notice';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { NeedForm, type NeedFormValues } from './need-form';
import { needFieldsOptions, useEditNeed } from './needs-api';

const valuesOf = (n: NeedFieldsAnswer): NeedFormValues => ({
  ...n,
  items: n.items.map((i) => ({
    id: i.id,
    name: i.name,
    quantity: i.quantity,
    unitValue: i.unitValue,
    note: i.note ?? '',
    committed: i.committed,
  })),
  familyConsent: true,
  churchId: '',
});

/** /needs/:id/edit: the asker, or an admin (the review queue's "Edit"), rewrites a need that has not closed. */
export default function EditNeedPage() {
  const { i18n } = useLingui();
  const { id = '' } = useParams();
  const needId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const navigate = useNavigate();
  const fields = useQuery({ ...needFieldsOptions(needId), enabled: needId > 0 });
  const edit = useEditNeed({ onRefreshed: () => navigate(`/needs/${needId}`, flash(i18n._('The need is saved.'))) });

  if (needId === 0 || fields.isError) {
    const status = isApiRequestError(fields.error) ? fields.error.status : 404;
    return (
      <Page title={i18n._('Edit a need')} size="md">
        <Text mb="md" role="status">
          {status === 404
            ? i18n._(NEED_NOT_FOUND)
            : status === 403
              ? (fields.error as Error).message
              : i18n._('The need could not be loaded. Please try again.')}
        </Text>
        <AppLink to="/needs">{i18n._('See the open needs')}</AppLink>
      </Page>
    );
  }
  return (
    <Page title={i18n._('Edit a need')} size="md">
      {fields.isPending ? (
        <Loader aria-label={i18n._('Loading the need')} />
      ) : (
        <NeedForm
          schema={needEditSchema}
          initialValues={valuesOf(fields.data)}
          asking={false}
          churches={[]}
          submitLabel={i18n._('Save the need')}
          isPending={edit.isPending}
          onSubmit={(input, fail) => edit.mutate({ id: needId, input }, { onError: fail })}
          onCancel={() => navigate(`/needs/${needId}`)}
        />
      )}
    </Page>
  );
}
