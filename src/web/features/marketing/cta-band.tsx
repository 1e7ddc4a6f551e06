import { Link } from 'react-router';
import { FREE_TRIAL_DAYS } from '@/shared/pricing';
import { Button } from '@/web/components/ui/button';
import { ContactButton } from './contact';

/** Closing call to action of the marketing pages. */
export function CallToActionBand({ title }: { title: string }) {
  return (
    <section aria-labelledby="closing-cta-title" className="border-t border-slate-200 bg-linear-to-b from-white to-blue-50">
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <h2 id="closing-cta-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 text-lg leading-8 text-slate-600">
          Start a {FREE_TRIAL_DAYS}-day free trial with no credit card, or let us walk you through it first.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/signup">Start Free Trial</Link>
          </Button>
          <ContactButton intent="demo" size="lg" variant="outline">
            Book a Demo
          </ContactButton>
        </div>
      </div>
    </section>
  );
}
