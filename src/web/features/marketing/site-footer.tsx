import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { PRODUCT_NAME } from '@/shared/brand';
import { CAREERS_EMAIL, HELLO_EMAIL, LEGAL_EMAIL, SALES_EMAIL, SECURITY_EMAIL, SUPPORT_EMAIL } from './content';
import { Logo } from './logo';

type FooterLink = { label: string } & ({ to: string } | { email: string; subject: string });

/**
 * Spec §2 footer. Pages we do not have (careers, blog, help center, security, terms) become an
 * email to the team that answers them, marked as such, rather than a link to nowhere.
 */
const COLUMNS: { title: string; id?: string; links: FooterLink[] }[] = [
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '/#about' },
      { label: 'Careers', email: CAREERS_EMAIL, subject: 'Careers at WorkSphere' },
      { label: 'Blog', email: HELLO_EMAIL, subject: 'Subscribe me to the WorkSphere blog' },
    ],
  },
  {
    title: 'Resources',
    id: 'resources',
    links: [
      { label: 'Customer Stories', to: '/#customer-stories' },
      { label: 'Help Center', email: SUPPORT_EMAIL, subject: 'Help request' },
      { label: 'Security & Privacy', email: SECURITY_EMAIL, subject: 'Security and privacy question' },
    ],
  },
  {
    title: 'Legal',
    links: [{ label: 'Terms of Use', email: LEGAL_EMAIL, subject: 'Terms of Use' }],
  },
];

const linkClass = 'inline-flex items-center gap-1.5 rounded-sm text-sm text-slate-300 transition-colors hover:text-white';

function FooterEntry({ link }: { link: FooterLink }) {
  if ('to' in link)
    return (
      <Link to={link.to} className={linkClass}>
        {link.label}
      </Link>
    );
  return (
    <a href={`mailto:${link.email}?subject=${encodeURIComponent(link.subject)}`} className={linkClass}>
      {link.label}
      <Mail aria-hidden className="size-3.5 text-slate-400" />
      <span className="sr-only">(email {link.email})</span>
    </a>
  );
}

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div id="about" className="scroll-mt-24 lg:col-span-2">
          <Logo invert />
          <p className="mt-4 max-w-sm text-sm leading-6 text-slate-300">
            {PRODUCT_NAME} is an all-in-one business suite for enterprises and growing companies: HR management, payroll, sales
            CRM, applicant tracking and project management, with one dashboard and one login.
          </p>
          <p className="mt-4 text-sm">
            <a href={`mailto:${SALES_EMAIL}`} className={linkClass}>
              <Mail aria-hidden className="size-4" />
              {SALES_EMAIL}
            </a>
          </p>
        </div>
        {COLUMNS.map((col) => (
          <div key={col.title} id={col.id} className="scroll-mt-24">
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{col.title}</h2>
            <ul className="mt-4 grid gap-3">
              {col.links.map((link) => (
                <li key={link.label}>
                  <FooterEntry link={link} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
