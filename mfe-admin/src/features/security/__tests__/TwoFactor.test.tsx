import { TWO_FACTOR_MESSAGES } from '@jobboard/contract/admin';
import { useToastStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { adminStats } from '../../../test-support/admin-fixtures';
import { renderAdmin } from '../../../test-support/render-admin';

afterEach(() => useToastStore.setState({ toasts: [] }));

const STATS = adminStats({ live: 0 });
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-DDD${i}`);

describe('admin sign-in with a second factor', () => {
  it('asks for the code after the password, shows a wrong code, and signs in with the right one', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /api/admin/check-auth': () =>
        signedIn
          ? [200, { authenticated: true, username: 'alice' }]
          : [401, { message: 'Please log in to continue.' }],
      'POST /api/admin/login': [200, { username: 'alice', next: 'code' }],
      'POST /api/admin/login/code': (request) => {
        if ((request.body as { code: string }).code !== '123456') {
          return [401, { message: TWO_FACTOR_MESSAGES.badCode }];
        }
        signedIn = true;
        return [200, { username: 'alice' }];
      },
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
    });
    renderAdmin('/admin/login');
    await userEvent.type(await screen.findByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery staple');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByRole('heading', { name: TWO_FACTOR_MESSAGES.codeStepTitle }),
    ).toBeInTheDocument();
    const code = screen.getByLabelText(TWO_FACTOR_MESSAGES.codeLabel);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }));
    expect(screen.getByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.codeRequired);

    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.badCode);

    await userEvent.type(screen.getByLabelText(TWO_FACTOR_MESSAGES.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }));
    expect(await screen.findByRole('heading', { name: 'Job Listings Admin' })).toBeInTheDocument();
    expect(api.bodies('POST', '/api/admin/login/code')).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('goes back to the password when the waiting sign-in is over (the password changed meanwhile)', async () => {
    fakeApi({
      'GET /api/admin/check-auth': [401, { message: 'Please log in to continue.' }],
      'POST /api/admin/login': [200, { username: 'alice', next: 'code' }],
      'POST /api/admin/login/code': [401, { message: TWO_FACTOR_MESSAGES.credentialsChanged }],
    });
    renderAdmin('/admin/login');
    await userEvent.type(await screen.findByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery staple');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await userEvent.type(await screen.findByLabelText(TWO_FACTOR_MESSAGES.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.credentialsChanged);
  });
});

describe('two-factor enrolment', () => {
  it('holds an admin who must enrol on the security page, enrols with a code and shows the recovery codes once', async () => {
    let enabled = false;
    const api = fakeApi({
      'GET /api/admin/check-auth': () => [
        200,
        enabled
          ? { authenticated: true, username: 'alice' }
          : { authenticated: true, username: 'alice', enrolRequired: true },
      ],
      'GET /api/admin/two-factor': () => [
        200,
        { enabled, required: true, recoveryCodesLeft: enabled ? 10 : 0 },
      ],
      'POST /api/admin/two-factor/setup': [
        200,
        {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Board:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        },
      ],
      'POST /api/admin/two-factor/enable': (request) => {
        if ((request.body as { code: string }).code !== '123456') {
          return [400, { message: TWO_FACTOR_MESSAGES.badCode }];
        }
        enabled = true;
        return [200, { recoveryCodes: CODES }];
      },
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
    });
    renderAdmin('/admin/dashboard');
    expect(
      await screen.findByRole('heading', { name: TWO_FACTOR_MESSAGES.securityTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_MESSAGES.requiredNotice)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.start }));

    expect(await screen.findByRole('img', { name: TWO_FACTOR_MESSAGES.qrAlt })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    await userEvent.type(screen.getByLabelText(TWO_FACTOR_MESSAGES.codeLabel), '000000');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TWO_FACTOR_MESSAGES.badCode);

    await userEvent.type(screen.getByLabelText(TWO_FACTOR_MESSAGES.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.confirm }));
    const list = await screen.findByRole('list', { name: TWO_FACTOR_MESSAGES.recoveryTitle });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent(CODES[0]!);

    await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.recoveryDone }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.statusOn)).toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_MESSAGES.recoveryLeft(10))).toBeInTheDocument();
    // Enrolled: the rest of the admin area opens.
    await userEvent.click(screen.getByRole('link', { name: 'Jobs' }));
    expect(await screen.findByRole('heading', { name: 'Job Listings Admin' })).toBeInTheDocument();
    expect(api.bodies('POST', '/api/admin/two-factor/enable')).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });
});
