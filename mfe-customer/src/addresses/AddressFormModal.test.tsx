// @vitest-environment happy-dom
import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { AddressFormModal } from './AddressFormModal';

const saved = {
  _id: 'adr_1',
  name: 'Ada Lovelace',
  company: '',
  street1: '12 Babbage Road',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '512 555 0199',
  type: 'recipient',
  isDefault: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const field = (name: string) => screen.getByRole('textbox', { name });

function fillAddress() {
  fill(field('Name'), '  Ada Lovelace ');
  fill(field('Street Address'), '12 Babbage Road');
  fill(field('City'), 'Austin');
  fill(field('State'), 'TX');
  fill(field('ZIP Code'), '78701');
  fill(field('Phone'), '512 555 0199');
}

describe('AddressFormModal', () => {
  it('shows the SPEC text under each missing required field and sends nothing', async () => {
    const api = stubApi({});
    const user = setupUser();
    renderWithUi(<AddressFormModal opened address={null} onClose={() => {}} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    for (const text of [
      'Name is required',
      'Street address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Phone number is required',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the trimmed address and reports the server message', async () => {
    const api = stubApi({ 'POST /api/addresses': { status: 201, json: { address: saved, message: 'Address saved' } } });
    const onSaved = vi.fn();
    const user = setupUser();
    renderWithUi(<AddressFormModal opened address={null} onClose={() => {}} onSaved={onSaved} />);
    fillAddress();
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Address saved'));
    expect(apiCalls(api)[0]?.body).toMatchObject({ name: 'Ada Lovelace', country: 'US', type: 'recipient' });
  });

  it("puts the server's field detail under its field beside the error message", async () => {
    stubApi({
      'POST /api/addresses': {
        status: 400,
        json: {
          error: {
            code: 'invalid_input',
            message: 'Invalid address',
            details: [{ path: 'zip', message: 'ZIP code is not valid for US' }],
          },
        },
      },
    });
    const user = setupUser();
    renderWithUi(<AddressFormModal opened address={null} onClose={() => {}} onSaved={() => {}} />);
    fillAddress();
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect((await screen.findByTestId('address-form-error')).textContent).toBe('Invalid address');
    expect(screen.getByText('ZIP code is not valid for US')).toBeTruthy();
  });

  it('edits a saved address starting from its values', async () => {
    const api = stubApi({ 'PUT /api/addresses/adr_1': { json: { address: saved, message: 'Address updated' } } });
    const onSaved = vi.fn();
    const user = setupUser();
    renderWithUi(<AddressFormModal opened address={saved as never} onClose={() => {}} onSaved={onSaved} />);
    expect((field('City') as HTMLInputElement).value).toBe('Austin');
    await user.click(screen.getByRole('button', { name: 'Update Address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Address updated'));
    expect(apiCalls(api)[0]).toMatchObject({ method: 'PUT', path: '/api/addresses/adr_1' });
  });
});
