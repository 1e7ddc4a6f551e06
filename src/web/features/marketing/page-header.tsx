import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { ContactButton } from './contact';
import { Logo } from './logo';

/**
 * Header of /what-we-offer, /who-we-serve and /pricing (spec §2): Back to Home, and a demo or
 * trial button. The spec's buttons do nothing; ours open the contact dialog or go to sign-up.
 */
export function PageHeader({ cta }: { cta: 'demo' | 'trial' }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 sm:gap-4 sm:px-6 lg:px-8">
        <Logo compact />
        <div className="ml-auto flex items-center gap-2">
          <Button asChild variant="outline" size="sm" className="sm:h-10 sm:px-4">
            <Link to="/">
              <ArrowLeft aria-hidden />
              Back to Home
            </Link>
          </Button>
          {cta === 'demo' ? (
            <ContactButton intent="demo" size="sm" className="sm:h-10 sm:px-4">
              Book a Demo
            </ContactButton>
          ) : (
            <Button asChild size="sm" className="sm:h-10 sm:px-4">
              <Link to="/signup">Start Free Trial</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
