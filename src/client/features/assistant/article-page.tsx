import { Badge, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArticle } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { AnchorLink } from '../../components/links';
import { QueryState } from '../../components/query-state';
import { trpc } from '../../lib/trpc';
import { longDate } from '../../../shared/display';
import { parseMarkdown } from './markdown';

const route = getRouteApi('/articles/$slug');

/** One knowledge-base article, as linked from the assistant's 'Resources for you'. */
export function ArticlePage() {
  const { slug } = route.useParams();
  const query = trpc.articles.get.useQuery({ slug });
  return (
    <Card maw={760} mx="auto" p={{ base: 'lg', sm: 'xl' }}>
      <QueryState
        query={query}
        isEmpty={() => false}
        loading={
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the article">
            <Skeleton h={28} w="70%" />
            <Skeleton h={12} w="40%" />
            <Skeleton h={12} mt="md" />
            <Skeleton h={12} />
            <Skeleton h={12} w="85%" />
          </Stack>
        }
        empty={{ title: 'We could not find that article', icon: <IconArticle size={22} stroke={1.6} aria-hidden /> }}
      >
        {(article) => (
          <Stack component="article" gap="md">
            <Stack gap={6}>
              <Group gap="xs">
                <Badge variant="light" tt="none">
                  {article.category}
                </Badge>
              </Group>
              <Title order={1} fz={{ base: 26, sm: 32 }}>
                {article.title}
              </Title>
              <Text c="dimmed" size="sm">
                {article.author} · {publishedOn(article.date)}
              </Text>
              <Text size="lg">{article.excerpt}</Text>
            </Stack>
            {parseMarkdown(article.body).map((block, index) =>
              block.kind === 'heading' ? (
                <Title key={index} order={block.level} fz={block.level === 2 ? 'xl' : 'lg'} mt="sm">
                  {block.text}
                </Title>
              ) : block.kind === 'list' ? (
                <List key={index} spacing={6}>
                  {block.items.map((item, itemIndex) => (
                    <List.Item key={itemIndex}>{item}</List.Item>
                  ))}
                </List>
              ) : (
                <Text key={index} lh={1.7}>
                  {block.text}
                </Text>
              ),
            )}
            <Text size="sm" c="dimmed" mt="md">
              This article is general guidance and does not replace advice from your child's doctor.{' '}
              <AnchorLink to="/assistant">Ask the assistant</AnchorLink>
            </Text>
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

/** yyyy-MM-dd as 'Wednesday, January 14th, 2026'; anything else is shown as it came. */
function publishedOn(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? longDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : date;
}
