import { describe, expect, it } from 'vitest';
import {
  canSetReliability,
  isReliabilityStatus,
  RELIABILITY_BUTTONS,
  reliabilityColor,
  reliabilityLabel,
  reliabilityUpdatedMessage,
} from './reliability';

describe('reliability', () => {
  it('offers the three statuses as buttons in the order Reliable, Testing, Unreliable', () => {
    expect(RELIABILITY_BUTTONS.map((b) => b.label)).toEqual(['Reliable', 'Testing', 'Unreliable']);
    expect(reliabilityLabel('unreliable')).toBe('Unreliable');
    expect(reliabilityColor('reliable')).toBe('green');
    expect(reliabilityColor('unreliable')).toBe('red');
  });

  it('recognises only the three statuses', () => {
    expect(['reliable', 'testing', 'unreliable'].every(isReliabilityStatus)).toBe(true);
    expect(isReliabilityStatus('Reliable')).toBe(false);
    expect(isReliabilityStatus('unknown')).toBe(false);
  });

  it('lets enabled services change and disabled ones not at all', () => {
    expect(canSetReliability({ enabled: true })).toBe(true);
    expect(canSetReliability({ enabled: false })).toBe(false);
  });

  it('words the success as SPEC §8 does', () => {
    expect(reliabilityUpdatedMessage('UPS Ground', 'reliable')).toBe(
      'Successfully updated UPS Ground reliability status to reliable',
    );
  });
});
