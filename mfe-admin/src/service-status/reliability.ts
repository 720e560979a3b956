import { RELIABILITY_STATUSES, type ReliabilityStatus, type Service } from '@labeldesk/contracts';

/** SPEC §4 reliability values, in the order the three buttons show them. */
export const RELIABILITY_BUTTONS: ReadonlyArray<{ status: ReliabilityStatus; label: string; color: string }> = [
  { status: 'reliable', label: 'Reliable', color: 'green' },
  { status: 'testing', label: 'Testing', color: 'yellow' },
  { status: 'unreliable', label: 'Unreliable', color: 'red' },
];

export function reliabilityLabel(status: ReliabilityStatus): string {
  return RELIABILITY_BUTTONS.find((b) => b.status === status)?.label ?? 'Testing';
}

export function reliabilityColor(status: ReliabilityStatus): string {
  return RELIABILITY_BUTTONS.find((b) => b.status === status)?.color ?? 'yellow';
}

export function isReliabilityStatus(value: string): value is ReliabilityStatus {
  return (RELIABILITY_STATUSES as readonly string[]).includes(value);
}

/** SPEC §4: reliability is changeable freely (to any of the three), for enabled services only. */
export function canSetReliability(service: Pick<Service, 'enabled'>): boolean {
  return service.enabled;
}

/** SPEC §8: 'Successfully updated {service} reliability status to {status}'. */
export function reliabilityUpdatedMessage(serviceName: string, status: ReliabilityStatus): string {
  return `Successfully updated ${serviceName} reliability status to ${status}`;
}
