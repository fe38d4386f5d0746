import { newsletterRange, type NewsletterIssue } from '@jobboard/contract/admin';
import { Card, CardTitle, Table } from '@jobboard/shared-ui';
import { NEWSLETTER_TEXT } from '../messages';

/** The blocks sent to Ghost, newest first, each with its draft there. */
export function IssuesTable({ issues }: { issues: NewsletterIssue[] }) {
  return (
    <Card aria-labelledby="newsletter-issues">
      <CardTitle id="newsletter-issues">{NEWSLETTER_TEXT.issues}</CardTitle>
      {issues.length === 0 ? (
        <p>{NEWSLETTER_TEXT.noIssues}</p>
      ) : (
        <Table columns={NEWSLETTER_TEXT.columns}>
          {issues.map((issue) => (
            <tr key={issue.id}>
              <td>{NEWSLETTER_TEXT.at(issue.createdAt)}</td>
              <td>{newsletterRange(issue.from, issue.to)}</td>
              <td>{NEWSLETTER_TEXT.jobs(issue.jobIds.length, issue.promisedJobIds.length)}</td>
              <td>{issue.createdBy}</td>
              <td>
                <a
                  href={issue.ghostEditUrl}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={NEWSLETTER_TEXT.openInGhostLabel(issue.title)}
                >
                  {NEWSLETTER_TEXT.openInGhost}
                </a>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
