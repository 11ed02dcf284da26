import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { textAvatar } from '@strata/shared';

/** Background colours on which white initials reach 4.5:1 (WCAG AA), picked by the name so a person keeps theirs. */
export const AVATAR_COLORS = ['#1565c0', '#2e7d32', '#6a1b9a', '#c62828', '#00838f', '#b34700', '#4527a0', '#33691e', '#ad1457', '#37474f'];

function colorOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length]!;
}

export interface TextAvatarProps {
  name: string | null | undefined;
  /** A picture; the initials show while it loads and if it fails. */
  src?: string | null;
  size?: number;
  sx?: SxProps<Theme>;
}

/** A round avatar with at most 3 initials of the name (spec §5), or the picture when there is one. */
export function TextAvatar({ name, src, size = 40, sx }: TextAvatarProps) {
  const initials = textAvatar(name);
  const chars = Array.from(initials).length;
  return (
    <Avatar
      src={src || undefined}
      alt={name ?? undefined}
      sx={[
        {
          width: size,
          height: size,
          bgcolor: colorOf(name ?? ''),
          color: '#fff',
          fontSize: size * (chars >= 3 ? 0.34 : chars === 2 ? 0.4 : 0.46),
          fontWeight: 600,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {initials}
    </Avatar>
  );
}
