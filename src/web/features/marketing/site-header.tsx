import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Menu, X } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import { ContactButton } from './contact';
import { Logo } from './logo';

type NavItem = { label: string } & ({ to: string } | { href: string });

/** Spec §2: buttons to the three marketing pages, plain anchors to two landing sections. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'What We Offer', to: '/what-we-offer' },
  { label: 'Who We Serve', to: '/who-we-serve' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Customer Stories', href: '#customer-stories' },
  { label: 'Resources', href: '#resources' },
];

function NavEntry({ item, className, onNavigate }: { item: NavItem; className: string; onNavigate?: () => void }) {
  return 'to' in item ? (
    <Link to={item.to} className={className} onClick={onNavigate}>
      {item.label}
    </Link>
  ) : (
    <a href={item.href} className={className} onClick={onNavigate}>
      {item.label}
    </a>
  );
}

/** The landing page's sticky top bar; below 768 px the navigation folds into a menu. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    // The menu only exists below 768 px: close it when the window grows past that.
    const wide = window.matchMedia('(min-width: 768px)');
    const onWide = () => wide.matches && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [menuOpen]);

  const close = () => setMenuOpen(false);
  const linkClass =
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="order-last -mx-3 hidden w-full justify-center md:flex xl:order-none xl:mx-0 xl:w-auto xl:flex-1">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <NavEntry item={item} className={linkClass} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2 xl:ml-0">
          <Button asChild variant="ghost" className="hidden md:inline-flex">
            <Link to="/login">Log In</Link>
          </Button>
          <ContactButton intent="demo" size="sm" className="sm:h-10 sm:px-4">
            Book a Demo
          </ContactButton>
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X aria-hidden className="!size-5" /> : <Menu aria-hidden className="!size-5" />}
          </Button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 bg-white md:hidden">
        <nav aria-label="Main menu" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          <ul className="grid gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <NavEntry item={item} className={cn(linkClass, 'block py-3 text-base')} onNavigate={close} />
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-slate-200 pt-3">
            <Button asChild variant="outline" className="w-full">
              <Link to="/login" onClick={close}>
                Log In
              </Link>
            </Button>
          </div>
        </nav>
      </div>
    </header>
  );
}
