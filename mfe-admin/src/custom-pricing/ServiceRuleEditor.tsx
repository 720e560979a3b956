import type { Service } from '@labeldesk/contracts';
import { Badge, Checkbox, formatUsd, Group, NumberInput, Paper, Select, Stack, Text } from '@labeldesk/ui';
import { TierRowsEditor } from '../service-management/TierRowsEditor';
import { checkTierRows } from '../service-management/tier-editor';
import { isRuleChoice, RULE_CHOICES, type RuleChoice, type ServiceRuleForm } from './custom-pricing-form';

type AmountField = 'fixedPrice' | 'discountPercentage' | 'discountAmount';

/** The one amount a fixed-price or discount rule takes: which field, its label, unit, upper bound and test id. */
interface AmountInput {
  field: AmountField;
  label: string;
  prefix?: string;
  suffix?: string;
  max?: number;
  testId: string;
}

const AMOUNT_INPUTS: Partial<Record<RuleChoice, AmountInput>> = {
  fixed: { field: 'fixedPrice', label: 'Fixed price', prefix: '$', testId: 'custom-pricing-fixed' },
  discount_percentage: {
    field: 'discountPercentage',
    label: 'Discount (%)',
    suffix: '%',
    max: 100,
    testId: 'custom-pricing-percentage',
  },
  discount_amount: { field: 'discountAmount', label: 'Discount amount', prefix: '$', testId: 'custom-pricing-amount' },
};

function amountPatch(field: AmountField, value: string | number): Partial<ServiceRuleForm> {
  const patch: Partial<ServiceRuleForm> = {};
  patch[field] = value;
  return patch;
}

interface ServiceRuleEditorProps {
  service: Service;
  rule: ServiceRuleForm;
  errors: string[];
  disabled: boolean;
  onChange: (patch: Partial<ServiceRuleForm>) => void;
}

/** One service's rule in the Custom Pricing modal: its type, the amount of that type, tiers, and its problems. */
export function ServiceRuleEditor({ service, rule, errors, disabled, onChange }: ServiceRuleEditorProps) {
  const tierIssues = rule.type === 'dynamic' && errors.length > 0 ? tierCheck(rule) : [];
  const otherErrors = rule.type === 'dynamic' ? errors.filter((m) => !tierIssues.some((i) => i.message === m)) : errors;
  const amount = AMOUNT_INPUTS[rule.type];
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="custom-pricing-service"
      data-service={service.name}
      bg={errors.length > 0 ? 'red.0' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {service.name}
              </Text>
              {service.enabled ? null : (
                <Badge size="xs" color="gray" variant="light">
                  Disabled
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {service.hasDynamicPricing
                ? `Priced by weight tiers (base price ${formatUsd(service.basePrice)})`
                : `Standard price ${formatUsd(service.basePrice)}`}
            </Text>
          </div>
          <Select
            aria-label={`Pricing type for ${service.name}`}
            size="xs"
            w={200}
            data={RULE_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
            value={rule.type}
            onChange={(v) => isRuleChoice(v) && onChange({ type: v })}
            allowDeselect={false}
            disabled={disabled}
            data-testid="custom-pricing-type"
          />
        </Group>
        {amount ? (
          <NumberInput
            key={rule.type}
            label={amount.label}
            size="xs"
            w={200}
            prefix={amount.prefix}
            suffix={amount.suffix}
            min={0}
            max={amount.max}
            step={0.01}
            decimalScale={2}
            clampBehavior="none"
            value={rule[amount.field]}
            onChange={(v) => onChange(amountPatch(amount.field, v))}
            disabled={disabled}
            data-testid={amount.testId}
          />
        ) : null}
        {rule.type !== 'none' && rule.type !== 'dynamic' && service.hasDynamicPricing ? (
          <Checkbox
            size="xs"
            label="Apply to all weight tiers (otherwise tier prices are charged unchanged)"
            checked={rule.applyToAllTiers}
            onChange={(e) => onChange({ applyToAllTiers: e.currentTarget.checked })}
            disabled={disabled}
            data-testid="custom-pricing-apply-all-tiers"
          />
        ) : null}
        {rule.type === 'dynamic' ? (
          <TierRowsEditor
            rows={rule.tiers}
            onChange={(tiers) => onChange({ tiers })}
            unit={service.weightUnit}
            basePrice={service.basePrice}
            issues={tierIssues}
            disabled={disabled}
            testId="custom-tier"
          />
        ) : null}
        {otherErrors.map((message) => (
          <Text key={message} size="xs" c="red" role="alert" data-testid="custom-pricing-service-error">
            {message}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

function tierCheck(rule: ServiceRuleForm) {
  const check = checkTierRows(rule.tiers);
  return check.ok ? [] : check.issues;
}
