import { PanelLeftIcon, XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive, Slot } from 'radix-ui';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type CSSProperties,
  type RefObject,
} from 'react';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE_S } from '@/shared/timing';
import { Button } from '@/web/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/web/components/ui/tooltip';
import { cn } from '@/web/lib/utils';

/** Spec §9: 16rem expanded, 3rem collapsed (icons only), 18rem as a slide-over below 768px. */
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
/** Ctrl+B (Cmd+B on a Mac) toggles the sidebar. */
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribeToViewport(onChange: () => void) {
  const mql = window.matchMedia(MOBILE_QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

/** True below the mobile breakpoint; read synchronously so the first paint is already right. */
export function useIsMobile() {
  return useSyncExternalStore(
    subscribeToViewport,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

/** The expanded state saved by an earlier visit, or undefined when there is none. */
export function readSidebarCookie(): boolean | undefined {
  const prefix = `${SIDEBAR_COOKIE}=`;
  const value = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar() {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

/**
 * Holds the sidebar's state: expanded or collapsed on wide screens (kept in the `sidebar_state`
 * cookie for 7 days), open or closed as a slide-over on narrow ones (always closed at first).
 */
export function SidebarProvider({
  defaultOpen,
  open: openProp,
  onOpenChange,
  className,
  style,
  children,
  ...props
}: ComponentProps<'div'> & { defaultOpen?: boolean; open?: boolean; onOpenChange?: (open: boolean) => void }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [ownOpen, setOwnOpen] = useState(() => defaultOpen ?? readSidebarCookie() ?? true);
  const open = openProp ?? ownOpen;
  const triggerRef = useRef<HTMLButtonElement>(null);

  // A slide-over left open must not reappear by itself when the window narrows again.
  const [wasMobile, setWasMobile] = useState(isMobile);
  if (wasMobile !== isMobile) {
    setWasMobile(isMobile);
    if (!isMobile) setOpenMobile(false);
  }

  const setOpen = useCallback(
    (value: boolean) => {
      if (openProp === undefined) setOwnOpen(value);
      onOpenChange?.(value);
      writeSidebarCookie(value);
    },
    [openProp, onOpenChange],
  );

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Some synthetic key events (autofill) carry no key.
      if (typeof event.key !== 'string' || event.key.toLowerCase() !== SIDEBAR_KEYBOARD_SHORTCUT) return;
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
      triggerRef,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider>
        <div
          data-slot="sidebar-wrapper"
          style={
            {
              '--sidebar-width': SIDEBAR_WIDTH,
              '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
              ...style,
            } as CSSProperties
          }
          className={cn('flex min-h-dvh w-full', className)}
          {...props}
        >
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
}

/**
 * The sidebar itself: a column beside the page on wide screens, a modal slide-over from the left
 * on narrow ones (Escape, a click outside or its close button close it). `title` names the
 * slide-over for screen readers.
 */
export function Sidebar({ title, className, children, ...props }: ComponentProps<'div'> & { title: string }) {
  const { isMobile, state, openMobile, setOpenMobile, triggerRef } = useSidebar();
  const returnFocusTo = useRef<HTMLElement | null>(null);

  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <DialogPrimitive.Content
            data-slot="sidebar"
            data-mobile="true"
            aria-describedby={undefined}
            style={{ '--sidebar-width': SIDEBAR_WIDTH_MOBILE } as CSSProperties}
            className={cn(
              'group/sidebar fixed inset-y-0 left-0 z-50 flex h-dvh w-(--sidebar-width) max-w-[calc(100vw-3rem)] flex-col border-r bg-sidebar shadow-lg outline-none',
              className,
            )}
            onOpenAutoFocus={() => {
              returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            }}
            onCloseAutoFocus={(event) => {
              // Opened by the shortcut, focus may have been nowhere: fall back to the trigger.
              event.preventDefault();
              const target = returnFocusTo.current?.isConnected && returnFocusTo.current !== document.body ? returnFocusTo.current : triggerRef.current;
              target?.focus();
            }}
            {...(props as ComponentProps<typeof DialogPrimitive.Content>)}
          >
            <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
            {children}
            <DialogPrimitive.Close
              aria-label="Close sidebar"
              className="absolute right-2 top-2 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground cursor-pointer"
            >
              <XIcon className="size-4" aria-hidden />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }

  // The outer column runs the page's full height (its colour and border go all the way down);
  // the inner panel sticks to the viewport so the menu stays in view while the page scrolls.
  return (
    <div
      data-slot="sidebar"
      data-state={state}
      data-collapsed={state === 'collapsed'}
      className={cn(
        'group/sidebar hidden shrink-0 border-r bg-sidebar transition-[width] duration-200 ease-linear motion-reduce:transition-none md:block',
        state === 'expanded' ? 'w-(--sidebar-width)' : 'w-(--sidebar-width-icon)',
        className,
      )}
      {...props}
    >
      <div data-slot="sidebar-inner" className="sticky top-0 flex h-dvh w-full flex-col overflow-hidden">
        {children}
      </div>
    </div>
  );
}

/** The page beside the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-inset" className={cn('flex min-w-0 flex-1 flex-col', className)} {...props} />;
}

/** The icon button that collapses/expands the sidebar, or opens the slide-over on narrow screens. */
export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, isMobile, open, openMobile, triggerRef } = useSidebar();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          ref={triggerRef}
          data-slot="sidebar-trigger"
          variant="ghost"
          size="icon"
          aria-label="Toggle Sidebar"
          aria-expanded={isMobile ? openMobile : open}
          aria-keyshortcuts="Control+B Meta+B"
          className={cn('size-9', className)}
          onClick={(event) => {
            onClick?.(event);
            toggleSidebar();
          }}
          {...props}
        >
          <PanelLeftIcon aria-hidden />
        </Button>
      </TooltipTrigger>
      <TooltipContent side="bottom">Toggle Sidebar (Ctrl+B)</TooltipContent>
    </Tooltip>
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-footer" className={cn('mt-auto flex flex-col gap-2 border-t p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto overflow-x-hidden', className)}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-group" className={cn('flex w-full min-w-0 flex-col p-2', className)} {...props} />;
}

/** A group's caption; collapsed, it stays for screen readers only. */
export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-group-label"
      className={cn(
        'flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-muted-foreground group-data-[collapsed=true]/sidebar:sr-only',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul data-slot="sidebar-menu" className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />;
}

/**
 * A link or button of the menu: an icon and a label. Collapsed, only the icon shows; the label
 * stays the accessible name and appears as a tooltip (after the provider's 700 ms delay).
 * The current page (aria-current="page", as NavLink sets it) is highlighted.
 */
export function SidebarMenuButton({
  asChild = false,
  tooltip,
  className,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean; tooltip?: string }) {
  const { isMobile, state } = useSidebar();
  const Comp = asChild ? Slot.Root : 'button';
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      className={cn(
        'flex h-9 w-full items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm text-foreground transition-colors cursor-pointer',
        'hover:bg-accent hover:text-accent-foreground',
        'aria-[current=page]:bg-accent aria-[current=page]:font-semibold aria-[current=page]:text-primary',
        '[&>svg]:size-4 [&>svg]:shrink-0 [&>span]:truncate',
        'group-data-[collapsed=true]/sidebar:size-8 group-data-[collapsed=true]/sidebar:justify-center group-data-[collapsed=true]/sidebar:px-0',
        'group-data-[collapsed=true]/sidebar:[&>span]:sr-only',
        className,
      )}
      {...(asChild ? {} : { type: 'button' as const })}
      {...props}
    />
  );
  if (!tooltip) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center" hidden={state !== 'collapsed' || isMobile}>
        {tooltip}
      </TooltipContent>
    </Tooltip>
  );
}
