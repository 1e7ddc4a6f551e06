import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ContactProvider } from './contact';
import { SiteFooter } from './site-footer';

/**
 * React Router does not scroll on navigation: start each page at the top, or at the element the
 * URL's hash names (links like /#customer-stories from other pages).
 */
function useScrollToHash() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/** Frame of every public page: skip link, header, main, footer, and the contact dialog. */
export function MarketingLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  useScrollToHash();
  return (
    <ContactProvider>
      <div className="flex min-h-dvh flex-col bg-white text-slate-900">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to main content
        </a>
        {header}
        <main id="main" tabIndex={-1} className="flex-1 scroll-mt-20 outline-none">
          {children}
        </main>
        <SiteFooter />
      </div>
    </ContactProvider>
  );
}
