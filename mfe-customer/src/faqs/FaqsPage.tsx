import { errorMessage, faqQueries } from '@labeldesk/api-client';
import { Link } from '@labeldesk/router';
import {
  Accordion,
  Anchor,
  Badge,
  Chip,
  ErrorState,
  Group,
  LoadingState,
  loadStateOf,
  PageHeader,
  Stack,
  Text,
  TextInput,
  useQuery,
} from '@labeldesk/ui';
import { useMemo, useState } from 'react';
import { ALL_CATEGORY, faqCategories, filterFaqs } from './faq-filter';

/** SPEC §2 FAQs: search, categories (All FAQs, Popular Questions, General, one per tag), expandable answers. */
export default function FaqsPage() {
  const query = useQuery(faqQueries.public());
  const state = loadStateOf(query, (e) => errorMessage(e, 'Failed to load FAQs'));
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORY);

  const faqs = state.kind === 'ready' ? state.data.faqs : [];
  const categories = useMemo(() => faqCategories(faqs), [faqs]);
  const shown = useMemo(() => filterFaqs(faqs, category, search), [faqs, category, search]);

  return (
    <Stack gap="md">
      <PageHeader
        title="Frequently Asked Questions"
        description="Quick answers about orders, labels, balance and more."
      />

      {state.kind === 'loading' ? <LoadingState label="Loading FAQs..." /> : null}
      {state.kind === 'failed' ? (
        <ErrorState title="Error Loading FAQs" message={state.message} onRetry={() => void query.refetch()} />
      ) : null}

      {state.kind === 'ready' ? (
        <>
          <TextInput
            placeholder="Search questions, answers and tags"
            aria-label="Search FAQs"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Chip.Group multiple={false} value={category} onChange={setCategory}>
            <Group gap="xs" role="radiogroup" aria-label="FAQ categories">
              {categories.map((c) => (
                <Chip key={c.key} value={c.key} variant="outline" size="sm">
                  {c.label} ({c.count})
                </Chip>
              ))}
            </Group>
          </Chip.Group>

          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" data-testid="faqs-empty">
              No FAQs found matching your criteria.
            </Text>
          ) : (
            <Accordion variant="separated" multiple chevronPosition="right" order={3}>
              {shown.map((faq) => (
                <Accordion.Item key={faq._id} value={faq._id} data-testid="faq-item">
                  <Accordion.Control>
                    <Text fw={500}>{faq.question}</Text>
                    {faq.tags.length > 0 ? (
                      <Group gap={4} mt={6}>
                        {faq.tags.map((tag) => (
                          <Badge key={tag} size="xs" variant="light">
                            {tag}
                          </Badge>
                        ))}
                      </Group>
                    ) : null}
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {faq.answer}
                    </Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}

          <Text size="sm" c="dimmed" ta="center">
            Still need help?{' '}
            <Anchor component={Link} to="/contact-support">
              Contact Support
            </Anchor>
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
