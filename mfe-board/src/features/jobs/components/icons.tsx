/** Small line icons; decorative (hidden from screen readers), drawn in the text colour. */

function LineIcon({ size, d, roundEnds }: { size: number; d: string; roundEnds?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap={roundEnds ? 'round' : undefined}
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BuildingIcon() {
  return (
    <LineIcon
      size={24}
      d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M2 21h20M8 8h3M8 12h3M8 16h3"
      roundEnds
    />
  );
}

export function PinIcon() {
  return (
    <LineIcon
      size={16}
      d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z"
    />
  );
}
