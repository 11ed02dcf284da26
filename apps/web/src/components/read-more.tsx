import Link from '@mui/material/Link';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { LIMITS, truncateText } from '@strata/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReadMoreProps {
  text: string | null | undefined;
  /** Characters shown before "Read more"; default 180 (spec §5). */
  max?: number;
  variant?: TypographyProps['variant'];
}

/** Long text cut at `max` characters with a "Read more" / "Read less" toggle; short text shows whole. */
export function ReadMore({ text, max = LIMITS.readMoreLength, variant = 'body2' }: ReadMoreProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const cut = truncateText(text, max);
  return (
    <Typography variant={variant} component="div" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      <span id={id}>{expanded || !cut.truncated ? (text ?? '') : cut.text}</span>
      {cut.truncated && (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            variant={variant}
            aria-expanded={expanded}
            aria-controls={id}
            onClick={() => setExpanded((value) => !value)}
            sx={{ verticalAlign: 'baseline' }}
          >
            {expanded ? t('readMore.less') : t('readMore.more')}
          </Link>
        </>
      )}
    </Typography>
  );
}
