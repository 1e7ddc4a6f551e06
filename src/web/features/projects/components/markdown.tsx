import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import { MENTION_PATTERN } from '@/shared/mentions';
import { MentionChip } from '@/web/components/mention-textarea';

/** A mention's link once the text is handed to Markdown (see `withMentionLinks`). */
const MENTION_LINK = /^user:[0-9a-f-]{36}$/;

/** Each stored mention `@[Name](user:id)` as a link Markdown parses whole (the `@` is the chip's). */
const withMentionLinks = (text: string) => text.replace(MENTION_PATTERN, (_, name: string, id: string) => `[${name}](user:${id})`);

/**
 * Markdown as the author wrote it, rendered safely: raw HTML in the text is dropped (never
 * rendered), links keep only safe protocols (react-markdown's default URL check) and open with
 * rel="noreferrer", images are not loaded. Line breaks stay line breaks. Mentions (checked by the server when saved) show as chips.
 */
export function Markdown({ children }: { children: string }) {
  return (
    // A single line break is the writer's too (pre-line in paragraphs), not only a blank line.
    <div className="markdown grid gap-2 text-sm leading-relaxed break-words [&_p]:whitespace-pre-line">
      <ReactMarkdown
        skipHtml
        disallowedElements={['img']}
        unwrapDisallowed
        urlTransform={(url) => (MENTION_LINK.test(url) ? url : defaultUrlTransform(url))}
        components={{
          a: ({ href, children: text }) =>
            href && MENTION_LINK.test(href) ? (
              <MentionChip name={String(text)} />
            ) : (
              <a href={href} rel="noreferrer noopener" target="_blank" className="text-primary underline underline-offset-4">
                {text}
              </a>
            ),
        }}
      >
        {withMentionLinks(children)}
      </ReactMarkdown>
    </div>
  );
}
