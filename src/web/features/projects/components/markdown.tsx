import ReactMarkdown from 'react-markdown';

/**
 * Markdown as the author wrote it, rendered safely: raw HTML in the text is dropped (never
 * rendered), links keep only safe protocols (react-markdown's default URL check) and open with
 * rel="noreferrer", images are not loaded.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown grid gap-2 text-sm leading-relaxed break-words">
      <ReactMarkdown
        skipHtml
        disallowedElements={['img']}
        unwrapDisallowed
        components={{
          a: ({ href, children: text }) => (
            <a href={href} rel="noreferrer noopener" target="_blank" className="text-primary underline underline-offset-4">
              {text}
            </a>
          ),
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
