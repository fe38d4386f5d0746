import {
  COMPANY_FIELD_LABELS,
  type CompanyField,
  type SubmissionCompany,
} from '@jobboard/contract/admin';
import { ownLogoPath } from '@jobboard/contract/site';
import { Checkbox, Table } from '@jobboard/shared-ui';
import { useId } from 'react';
import styled from 'styled-components';
import { SUBMISSION_TEXT } from '../messages';
import { CardSection } from './CardSection';

const TEXT = SUBMISSION_TEXT.company;

/**
 * What a submission says about its company next to what the board has for a company of that
 * name (issue 25). A company is shared by all its jobs: only the details that differ are shown,
 * each with a box (unticked by default) that makes approving change it; `ticked` is null once
 * the submission is past review (the comparison stays, without boxes).
 */
export function CompanyReview({
  organization,
  company,
  ticked,
  onTick,
}: {
  organization: string;
  company: SubmissionCompany;
  ticked: ReadonlySet<CompanyField> | null;
  onTick(field: CompanyField, on: boolean): void;
}) {
  const headingId = useId();
  const given = (Object.keys(COMPANY_FIELD_LABELS) as CompanyField[]).filter(
    (field) => company.submitted[field] !== null,
  );
  if (!given.length) return null;
  return (
    <Section as="section" $gap="sm" aria-labelledby={headingId}>
      <h3 id={headingId}>{TEXT.heading}</h3>
      {!company.onBoard ? (
        <>
          <p>{TEXT.newToBoard(organization)}</p>
          <Details>
            {given.map((field) => (
              <div key={field}>
                <dt>{COMPANY_FIELD_LABELS[field]}</dt>
                <dd>
                  <Detail field={field} value={company.submitted[field]} />
                </dd>
              </div>
            ))}
          </Details>
        </>
      ) : !company.differences.length ? (
        <p>{TEXT.same}</p>
      ) : (
        <>
          <p>{TEXT.onBoard(organization)}</p>
          <Table columns={TEXT.columns} caption={TEXT.caption}>
            {company.differences.map((difference) => (
              <tr key={difference.field}>
                <th scope="row">{COMPANY_FIELD_LABELS[difference.field]}</th>
                <td>
                  {difference.onBoard ? (
                    <Detail field={difference.field} value={difference.onBoard} />
                  ) : (
                    TEXT.none
                  )}
                </td>
                <td>
                  <Detail field={difference.field} value={difference.submitted} />
                  {ticked && (
                    <Checkbox
                      label={TEXT.update(COMPANY_FIELD_LABELS[difference.field])}
                      checked={ticked.has(difference.field)}
                      onChange={(event) => onTick(difference.field, event.target.checked)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </Section>
  );
}

/**
 * A detail's value as text; a logo the board stores (one an employer uploaded: `/logos/<hash>.png`)
 * is shown as that picture too, so the admin reviews what would be shown.
 */
function Detail({ field, value }: { field: CompanyField; value: string | null }) {
  const own = field === 'logo' ? ownLogoPath(value) : undefined;
  if (!own) return <>{value}</>;
  return (
    <Logo>
      <img src={own} alt={TEXT.uploadedLogo} width={48} height={48} />
      <span>{own}</span>
    </Logo>
  );
}

const Logo = styled.span`
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  img {
    object-fit: contain;
  }
`;

const Section = styled(CardSection)`
  td {
    word-break: break-word;
    vertical-align: top;
  }
`;

const Details = styled.dl`
  margin: 0;
  dt {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    word-break: break-word;
  }
`;
