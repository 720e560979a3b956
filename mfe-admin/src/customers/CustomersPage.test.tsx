// @vitest-environment happy-dom

import { fill, renderWithUi, screen, setupUser, stubApi, waitFor, within } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import CustomersPage from './CustomersPage';
import { customerFixture } from './test-fixtures';

const user = customerFixture;

const rows = () => screen.queryAllByTestId('customer-row');

describe('Customers (ListScreen)', () => {
  it('lists the users a page at a time, searches by name or email, and says when nothing matches', async () => {
    const users = [user(0, { name: 'Ada Admin', email: 'ada@labeldesk.test', isAdmin: true })];
    for (let n = 1; n <= 30; n++) users.push(user(n));
    stubApi({ 'GET /api/admin/users': { json: { users } } });
    renderWithUi(<CustomersPage />);
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getByTestId('customers-count').textContent).toBe('Showing 31 of 31 users');
    expect(screen.getByTestId('customers-page-label').textContent).toContain('Page 1 of 2');

    fill(screen.getByTestId('customers-search'), 'CUSTOMER7@');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.getAttribute('data-email')).toBe('customer7@example.com');
    expect(screen.getByTestId('customers-count').textContent).toBe('Showing 1 of 31 users');

    fill(screen.getByTestId('customers-search'), 'nobody here');
    expect((await screen.findByTestId('customers-empty')).textContent).toContain('No customers match your search');
  });

  it("puts a row's three actions in its menu, each named for the user; Adjust balance opens its modal", async () => {
    stubApi({ 'GET /api/admin/users': { json: { users: [user(1)] } } });
    const clicks = setupUser();
    renderWithUi(<CustomersPage />);
    const row = await screen.findByTestId('customer-row');
    await clicks.click(within(row).getByRole('button', { name: 'Actions for customer1@example.com' }));
    const menu = await screen.findByTestId('customer-actions-menu');
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true }) // happy-dom cannot tell the opening menu is shown
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Adjust balance for customer1@example.com',
      'Custom pricing for customer1@example.com',
      'Refresh tracking for customer1@example.com',
    ]);
    await clicks.click(within(menu).getByTestId('customer-adjust-balance'));
    expect(await screen.findByTestId('balance-form')).toBeTruthy();
  });

  it('shows whether each address is verified (issue 23)', async () => {
    const users = [
      user(1, { emailVerified: true }),
      user(2, { emailVerified: false }),
      // A server from before verification answers without the field: not verified.
      user(3),
    ];
    stubApi({ 'GET /api/admin/users': { json: { users } } });
    renderWithUi(<CustomersPage />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('columnheader', { name: 'Verified' })).toBeTruthy();
    expect(screen.getAllByTestId('customer-verified').map((cell) => cell.textContent)).toEqual(['Yes', 'No', 'No']);
  });

  it('says so when there are no users yet', async () => {
    stubApi({ 'GET /api/admin/users': { json: { users: [] } } });
    renderWithUi(<CustomersPage />);
    expect((await screen.findByTestId('customers-empty')).textContent).toContain('No customers yet');
  });
});
