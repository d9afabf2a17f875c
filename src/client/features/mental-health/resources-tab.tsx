import { AspectRatio, Badge, Card, Center, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArticle, IconPlayerPlayFilled } from '@tabler/icons-react';
import { longDate } from '../../../shared/display';
import type { MentalHealthArticleDto } from '../../../shared/schemas/mental-health';
import { AnchorLink } from '../../components/links';
import { QueryState } from '../../components/query-state';
import { trpc } from '../../lib/trpc';
import { CardSkeletons } from './services-tab';

/** Two videos are still being made; their places are kept so the tab reads as the spec lays it out. */
const placeholderVideos = [
  { title: 'Three calming techniques for anxious little ones', length: '6 min' },
  { title: 'Looking after yourself while caring for others', length: '9 min' },
];

const publishedOn = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return longDate(new Date(year, month - 1, day));
};

export function ResourcesTab() {
  const articles = trpc.mentalHealth.articles.useQuery(undefined);
  // An article links to its full text only where the knowledge base has one by the same slug.
  const fullTexts = trpc.articles.list.useQuery(undefined);
  const readable = new Set(fullTexts.data?.map((article) => article.slug));
  return (
    <Stack gap="xl">
      <section aria-labelledby="articles-title">
        <Title order={2} fz="lg" mb="md" id="articles-title">
          Articles
        </Title>
        <QueryState query={articles} loading={<CardSkeletons />} empty={{ title: 'No articles yet', icon: <IconArticle size={22} stroke={1.6} aria-hidden /> }}>
          {(list) => (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {list.map((article) => (
                <ArticleCard key={article.id} article={article} readable={readable.has(article.slug)} />
              ))}
            </SimpleGrid>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="videos-title">
        <Title order={2} fz="lg" mb="md" id="videos-title">
          Videos
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {placeholderVideos.map((video) => (
            <Card key={video.title} component="article" aria-label={video.title}>
              <Card.Section>
                <AspectRatio ratio={16 / 9}>
                  <Center bg="var(--mantine-color-default-hover)">
                    <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
                      <IconPlayerPlayFilled size={26} />
                    </ThemeIcon>
                  </Center>
                </AspectRatio>
              </Card.Section>
              <Text fw={600} mt="md">
                {video.title}
              </Text>
              <Text size="sm" c="dimmed">
                {video.length} · Video coming soon
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}

function ArticleCard({ article, readable }: { article: MentalHealthArticleDto; readable: boolean }) {
  return (
    <Card component="article" aria-label={article.title}>
      <Stack gap={6}>
        <Badge variant="light" tt="none" w="fit-content">
          {article.category}
        </Badge>
        {readable ? (
          <AnchorLink to="/articles/$slug" params={{ slug: article.slug }} fw={650} fz="md">
            {article.title}
          </AnchorLink>
        ) : (
          <Text fw={650}>{article.title}</Text>
        )}
        <Text size="xs" c="dimmed">
          {article.author} · {publishedOn(article.date)}
        </Text>
        <Text size="sm">{article.excerpt}</Text>
      </Stack>
    </Card>
  );
}
