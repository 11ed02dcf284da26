import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ByteSize } from '../../../components/byte-size';
import { DetailList } from '../../../components/detail-list';
import { ReadMore } from '../../../components/read-more';
import { RelativeTime } from '../../../components/relative-time';
import { TextAvatar } from '../../../components/text-avatar';
import { GallerySection } from './gallery-section';
import { SAMPLE_LONG_TEXT, SAMPLE_PEOPLE } from './sample-data';

const MINUTE = 60_000;
const BYTES = [999, 1500, 10_000_000, 2_750_000_000];

/** Text avatars, read-more text, relative times, byte sizes and the detail list. */
export function GalleryDisplay() {
  const { t } = useTranslation();
  // Fixed offsets from the moment the page opened: a few minutes, hours and days ago, and beyond 7 days.
  const now = Date.now();
  const times = [2 * MINUTE, 3 * 60 * MINUTE, 2 * 24 * 60 * MINUTE, 9 * 24 * 60 * MINUTE].map((ago) => new Date(now - ago).toISOString());
  return (
    <>
      <GallerySection title={t('devTools.display.avatars')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {SAMPLE_PEOPLE.map((name) => (
            <Stack key={name} spacing={0.5} sx={{ alignItems: 'center', width: 96 }}>
              <TextAvatar name={name} />
              <Typography variant="caption" sx={{ textAlign: 'center' }}>
                {name}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </GallerySection>
      <GallerySection title={t('devTools.display.readMore')}>
        <ReadMore text={SAMPLE_LONG_TEXT} />
      </GallerySection>
      <GallerySection title={t('devTools.display.timesAndSizes')}>
        <DetailList
          items={[
            ...times.map((value, i) => ({ label: t('devTools.display.time', { n: i + 1 }), value: <RelativeTime value={value} /> })),
            ...BYTES.map((value) => ({ label: `${value.toLocaleString('en')} B`, value: <ByteSize value={value} /> })),
          ]}
        />
      </GallerySection>
    </>
  );
}
