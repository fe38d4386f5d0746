import { AdminEmailsQuery, EMAIL_STATES, type AdminEmail } from '@jobboard/contract/admin';
import { Button, Select, StatusBadge, Table, toast } from '@jobboard/shared-ui';
import { emailsKey, useEmails } from '../../features/emails/api/emails';
import { useResendEmail } from '../../features/emails/api/resend-email';
import { EMAIL_TEXT } from '../../features/emails/messages';
import { ListResults } from '../../lib/ListResults';
import { useListView } from '../../lib/list-view';
import { toastFailure } from '../../lib/toast-failure';
import { PageHeader } from '../../lib/ui';

const DEFAULTS = { page: 1, pageSize: 25 } as const;
type EmailsView = { status?: AdminEmail['status']; page: number; pageSize: number };

const TONES = { pending: 'awaitingPayment', sent: 'live', failed: 'rejected' } as const;

/** /admin/emails: the outbox, newest first, with its state; a failed message can be sent again. */
export default function EmailsPage() {
  const { view, update, goToPage } = useListView<EmailsView>(AdminEmailsQuery, DEFAULTS);
  const emails = useEmails(view);
  const resending = useResendEmail(emailsKey(view));

  const resend = async (email: AdminEmail) => {
    try {
      await resending.trigger(email.id);
      toast({ title: EMAIL_TEXT.resent, description: email.subject, variant: 'success' });
    } catch (failure) {
      toastFailure(EMAIL_TEXT.resendFailed, failure, EMAIL_TEXT.tryAgain);
    }
  };

  return (
    <>
      <PageHeader>
        <div>
          <h1>{EMAIL_TEXT.title}</h1>
          <p>{EMAIL_TEXT.subtitle}</p>
        </div>
        <Select
          label={EMAIL_TEXT.status}
          value={view.status ?? ''}
          onChange={(event) =>
            update({ status: (event.target.value || undefined) as EmailsView['status'] })
          }
          options={[
            { value: '', label: EMAIL_TEXT.anyStatus },
            ...EMAIL_STATES.map((s) => ({ value: s, label: EMAIL_TEXT.states[s] })),
          ]}
        />
      </PageHeader>
      <ListResults
        answer={emails}
        rows={(page) => page.emails}
        texts={EMAIL_TEXT}
        page={view.page}
        onPageChange={goToPage}
      >
        {(rows) => (
          <Table columns={EMAIL_TEXT.columns}>
            {rows.map((email) => (
              <tr key={email.id}>
                <td>
                  {EMAIL_TEXT.queuedAt(
                    new Date(email.createdAt).toISOString().slice(0, 16).replace('T', ' '),
                  )}
                </td>
                <td>{email.to}</td>
                <td>{email.subject}</td>
                <td>
                  <StatusBadge tone={TONES[email.status]}>
                    {EMAIL_TEXT.states[email.status]}
                  </StatusBadge>
                  {email.lastError && <div>{EMAIL_TEXT.lastError(email.lastError)}</div>}
                </td>
                <td>{email.attempts}</td>
                <td>
                  {email.resendable ? (
                    <Button
                      $size="sm"
                      $variant="secondary"
                      disabled={resending.isMutating}
                      aria-label={EMAIL_TEXT.resendLabel(email.subject)}
                      onClick={() => void resend(email)}
                    >
                      {EMAIL_TEXT.resend}
                    </Button>
                  ) : email.status === 'failed' ? (
                    EMAIL_TEXT.payLinkGone
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListResults>
    </>
  );
}
