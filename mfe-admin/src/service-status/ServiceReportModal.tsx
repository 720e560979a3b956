import type { ShippingApiConfig } from '@labeldesk/contracts';
import { Modal, Tabs } from '@labeldesk/ui';
import { useState } from 'react';
import { CleanupTab } from './CleanupTab';
import { NewServicesTab } from './NewServicesTab';

interface ServiceReportModalProps {
  opened: boolean;
  onClose: () => void;
  apis: ShippingApiConfig[];
}

/**
 * SPEC §2 Service Report modal: tabs New Services and Service Cleanup. Mount with a new `key` per opening so each
 * opening starts a fresh check and an unscanned cleanup. Adding or removing services refreshes the API list through
 * providerMutations.
 */
export function ServiceReportModal({ opened, onClose, apis }: ServiceReportModalProps) {
  const [tab, setTab] = useState<string | null>('new');
  return (
    <Modal opened={opened} onClose={onClose} title="Service Report" size="90%" data-testid="service-report-modal">
      <Tabs value={tab} onChange={setTab} keepMounted>
        <Tabs.List mb="md">
          <Tabs.Tab value="new" data-testid="report-tab-new">
            New Services
          </Tabs.Tab>
          <Tabs.Tab value="cleanup" data-testid="report-tab-cleanup">
            Service Cleanup
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="new">{opened ? <NewServicesTab apis={apis} /> : null}</Tabs.Panel>
        <Tabs.Panel value="cleanup">{opened ? <CleanupTab apis={apis} /> : null}</Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
