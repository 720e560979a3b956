import { errorMessage, faqQueries } from '@labeldesk/api-client';
import type { Faq } from '@labeldesk/contracts';
import { Link } from '@labeldesk/router';
import {
  Accordion,
  Anchor,
  Badge,
  Chip,
  Group,
  PageHeader,
  QueryBody,
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
  return (
    <Stack gap="md">
      <PageHeader
        title="Frequently Asked Questions"
        description="Quick answers about orders, labels, balance and more."
      />
      <QueryBody
        result={query}
        testIdPrefix="faqs-load"
        loadingLabel="Loading FAQs..."
        errorTitle={() => 'Error Loading FAQs'}
        errorMessage={(e) => errorMessage(e, 'Failed to load FAQs')}
      >
        {(data) => <FaqBrowser faqs={data.faqs} />}
      </QueryBody>
    </Stack>
  );
}

/** The loaded FAQs: the search, the category chips and the answers. */
function FaqBrowser({ faqs }: { faqs: Faq[] }) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORY);
  const categories = useMemo(() => faqCategories(faqs), [faqs]);
  const shown = useMemo(() => filterFaqs(faqs, category, search), [faqs, category, search]);

  return (
    <Stack gap="md">
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
    </Stack>
  );
}
