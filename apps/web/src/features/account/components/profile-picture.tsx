import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@strata/shared';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useToast } from '../../../components/feedback';
import { TextAvatar } from '../../../components/text-avatar';
import { ApiError } from '../../../lib/api-client';
import { sessionStore, useSession } from '../../../lib/auth-store';
import { translateMessage } from '../../../lib/i18n';
import { pictureUrl, uploadPicture } from '../api/upload-picture';

/** Pictures larger than this are refused before sending (the server's limit). */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_SIZE = 112;

/** Bumped after an upload, so every picture of the user is fetched again (the server keeps one address). */
let pictureVersion = 0;

/**
 * The profile picture: the current one (or the initials), a chosen file previewed before it is sent, then
 * uploaded; the server crops and resizes it.
 */
export function ProfilePicture() {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const profile = useSession((state) => state.profile);
  const resourceToken = useSession((state) => state.resourceToken);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(pictureVersion);

  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    setError(null);
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      setError(t('profile.pictureNotImage'));
      return;
    }
    if (chosen.size > PICTURE_MAX_BYTES) {
      setError(translateMessage(MESSAGES.imageTooLarge));
      return;
    }
    setFile(chosen);
  };

  const cancel = () => {
    setFile(null);
    setPreview(null);
  };

  const upload = async () => {
    if (!file) return;
    setProgress(0);
    setError(null);
    try {
      const { pic_uri } = await uploadPicture(file, setProgress);
      pictureVersion = Date.now();
      setVersion(pictureVersion);
      sessionStore.setState(({ profile: current }) => (current ? { profile: { ...current, pic_uri } } : {}));
      cancel();
      toast({ message: t('profile.pictureSaved'), color: 'success' });
    } catch (failure) {
      const message = failure instanceof ApiError ? (Object.values(failure.fieldErrors ?? {})[0] ?? failure.message) : t('upload.failed');
      setError(translateMessage(message));
    } finally {
      setProgress(null);
    }
  };

  const current = pictureUrl(profile?.pic_uri, resourceToken, version);
  const sending = progress !== null;

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
      <TextAvatar name={profile?.fullname} src={preview ?? current} size={AVATAR_SIZE} />
      <Stack spacing={1.5} sx={{ flexGrow: 1, minWidth: 0, width: { xs: '100%', sm: 'auto' } }}>
        <Typography variant="body2" color="text.secondary">
          {preview ? t('profile.picturePreview') : t('profile.pictureHint')}
        </Typography>
        {error && <AppAlert type="error" message={error} onClose={() => setError(null)} />}
        {sending && <LinearProgress variant="determinate" value={progress} aria-label={t('upload.progress')} />}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <input ref={input} id={inputId} type="file" accept="image/*" hidden aria-label={t('profile.choosePicture')} onChange={choose} />
          {preview ? (
            <>
              <Button variant="contained" onClick={() => void upload()} disabled={sending}>
                {t('profile.uploadPicture')}
              </Button>
              <Button onClick={cancel} disabled={sending}>
                {t('feedback.cancel')}
              </Button>
            </>
          ) : (
            <Button variant="outlined" startIcon={<PhotoCamera />} onClick={() => input.current?.click()}>
              {t('profile.choosePicture')}
            </Button>
          )}
        </Box>
      </Stack>
    </Stack>
  );
}
