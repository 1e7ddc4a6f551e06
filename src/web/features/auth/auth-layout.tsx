import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@/shared/brand';

/** The frame of the sign-in and sign-up screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-slate-50 to-blue-50">
      <header className="px-4 py-4 sm:px-8">
        <Link to="/" className="text-lg font-bold text-primary">
          {PRODUCT_NAME}
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center">{children}</main>
    </div>
  );
}
