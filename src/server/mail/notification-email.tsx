import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, render, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@/shared/brand';

/*
 * The notification emails, as React components rendered by React Email (HTML for every mail
 * client, inline styles) plus a plain-text part written alongside. Loaded by the mail sender on
 * its first notification (platform/notifications.ts): React Email takes a second or more to load,
 * which start-up should not wait for.
 */

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface NotificationEmailProps {
  companyName: string;
  firstName: string;
  title: string;
  categoryLabel: string;
  /** The record, absolute. */
  url: string;
  /** One click turns this category's email off (the List-Unsubscribe link). */
  unsubscribeUrl: string;
  /** Where all the preferences are set (the account page). */
  preferencesUrl: string;
}

export interface DigestEmailProps {
  companyName: string;
  firstName: string;
  items: { title: string; categoryLabel: string; url: string }[];
  unsubscribeUrl: string;
  preferencesUrl: string;
}

const styles = {
  body: { margin: 0, backgroundColor: '#f8fafc', fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif', color: '#0f172a' },
  container: { maxWidth: '560px', margin: '32px auto', backgroundColor: '#ffffff', border: '1px solid #e2e8f0', borderRadius: '12px' },
  header: { padding: '20px 32px', borderBottom: '1px solid #e2e8f0' },
  brand: { margin: 0, fontSize: '18px', fontWeight: 700 },
  company: { margin: '4px 0 0', fontSize: '13px', color: '#475569' },
  content: { padding: '24px 32px' },
  heading: { margin: '0 0 16px', fontSize: '18px', lineHeight: '1.4' },
  text: { margin: '0 0 12px', fontSize: '15px', lineHeight: '1.6' },
  button: { display: 'inline-block', backgroundColor: '#0f172a', color: '#ffffff', textDecoration: 'none', padding: '12px 20px', borderRadius: '8px', fontWeight: 600 },
  small: { margin: '0 0 8px', fontSize: '13px', lineHeight: '1.5', color: '#475569' },
  link: { color: '#0f172a', wordBreak: 'break-all' as const },
  item: { margin: '0 0 14px', fontSize: '15px', lineHeight: '1.5' },
};

function Layout({ companyName, preview, children, footer }: { companyName: string; preview: string; children: ReactNode; footer: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>{PRODUCT_NAME}</Text>
            <Text style={styles.company}>{companyName}</Text>
          </Section>
          <Section style={styles.content}>
            {children}
            <Hr />
            {footer}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function Footer({ reason, unsubscribeLabel, unsubscribeUrl, preferencesUrl }: { reason: string; unsubscribeLabel: string; unsubscribeUrl: string; preferencesUrl: string }) {
  return (
    <>
      <Text style={styles.small}>{reason}</Text>
      <Text style={styles.small}>
        <Link href={unsubscribeUrl} style={styles.link}>
          {unsubscribeLabel}
        </Link>{' '}
        ·{' '}
        <Link href={preferencesUrl} style={styles.link}>
          Notification preferences
        </Link>
      </Text>
    </>
  );
}

export function NotificationEmail(p: NotificationEmailProps) {
  return (
    <Layout
      companyName={p.companyName}
      preview={p.title}
      footer={
        <Footer
          reason={`You get this email for “${p.categoryLabel}” at ${p.companyName}.`}
          unsubscribeLabel="Stop these emails"
          unsubscribeUrl={p.unsubscribeUrl}
          preferencesUrl={p.preferencesUrl}
        />
      }
    >
      <Text style={styles.text}>Hello {p.firstName},</Text>
      <Heading as="h1" style={styles.heading}>
        {p.title}
      </Heading>
      <Section style={{ margin: '24px 0' }}>
        <Button href={p.url} style={styles.button}>
          Open in {PRODUCT_NAME}
        </Button>
      </Section>
      <Text style={styles.small}>
        Or open this link:{' '}
        <Link href={p.url} style={styles.link}>
          {p.url}
        </Link>
      </Text>
    </Layout>
  );
}

export function DigestEmail(p: DigestEmailProps) {
  const count = p.items.length;
  return (
    <Layout
      companyName={p.companyName}
      preview={`${count} update${count === 1 ? '' : 's'} at ${p.companyName}`}
      footer={
        <Footer
          reason={`You get this daily summary for the notifications you chose to receive in a digest at ${p.companyName}.`}
          unsubscribeLabel="Stop the daily summary"
          unsubscribeUrl={p.unsubscribeUrl}
          preferencesUrl={p.preferencesUrl}
        />
      }
    >
      <Text style={styles.text}>Hello {p.firstName},</Text>
      <Heading as="h1" style={styles.heading}>
        Your daily summary: {count} update{count === 1 ? '' : 's'}
      </Heading>
      {p.items.map((item, i) => (
        <Text key={i} style={styles.item}>
          <Link href={item.url} style={styles.link}>
            {item.title}
          </Link>
          <br />
          <span style={{ fontSize: '13px', color: '#475569' }}>{item.categoryLabel}</span>
        </Text>
      ))}
    </Layout>
  );
}

/** One notification's email: HTML and its plain-text part. */
export async function renderNotificationEmail(p: NotificationEmailProps): Promise<RenderedEmail> {
  const text = [
    `Hello ${p.firstName},`,
    '',
    p.title,
    '',
    `Open in ${PRODUCT_NAME}: ${p.url}`,
    '',
    `You get this email for "${p.categoryLabel}" at ${p.companyName}.`,
    `Stop these emails: ${p.unsubscribeUrl}`,
    `Notification preferences: ${p.preferencesUrl}`,
    '',
    `— ${PRODUCT_NAME}, ${p.companyName}`,
  ].join('\n');
  return { subject: p.title, html: await render(<NotificationEmail {...p} />), text };
}

/** The daily digest's email: HTML and its plain-text part. */
export async function renderDigestEmail(p: DigestEmailProps): Promise<RenderedEmail> {
  const count = p.items.length;
  const text = [
    `Hello ${p.firstName},`,
    '',
    `Your daily summary at ${p.companyName}: ${count} update${count === 1 ? '' : 's'}.`,
    '',
    ...p.items.flatMap((item) => [`- ${item.title} (${item.categoryLabel})`, `  ${item.url}`]),
    '',
    `Stop the daily summary: ${p.unsubscribeUrl}`,
    `Notification preferences: ${p.preferencesUrl}`,
    '',
    `— ${PRODUCT_NAME}, ${p.companyName}`,
  ].join('\n');
  return {
    subject: `Your ${PRODUCT_NAME} summary: ${count} update${count === 1 ? '' : 's'} at ${p.companyName}`,
    html: await render(<DigestEmail {...p} />),
    text,
  };
}
