import type { MouseEvent } from 'react';

/**
 * The first stop of the keyboard: jumps past the header and navigation to the screen's content.
 * Focus moves by script so the address keeps no "#" fragment for the router to see.
 */
export function SkipLink({ target }: { target: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(target);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${target}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
