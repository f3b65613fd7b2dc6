import { type ComponentProps, createContext, type ReactNode, useContext } from 'react';
import { useNavigate } from 'react-router';

/*
 * Links inside the portal as plain anchors. React Router's Link runs a dozen hooks per link (path
 * resolution, prefetching, view transitions) and the first screen draws about eighty of them (three
 * per vault row, sixteen in the navigation); these share one navigate function from PlainLinks.
 * `to` is an absolute path of the portal: nothing is resolved against the current route.
 */

const Follow = createContext<((to: string) => void) | null>(null);

/** Gives the PlainLinks inside it the router's navigate function (the signed-in layout holds it). */
export function PlainLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <Follow.Provider value={navigate}>{children}</Follow.Provider>;
}

/**
 * An anchor that opens `to` in the portal on a plain left click; a click with a modifier key or
 * another button is the browser's (new tab, new window). Outside PlainLinks it loads the page.
 */
export function PlainLink({ to, onClick, ...props }: Omit<ComponentProps<'a'>, 'href'> & { to: string }) {
  const follow = useContext(Follow);
  return (
    <a
      {...props}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (!follow || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
        if (props.target && props.target !== '_self') return;
        e.preventDefault();
        follow(to);
      }}
    />
  );
}
