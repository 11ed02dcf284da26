import { ZProfilePictureResponse, type TProfilePictureResponse } from '@strata/shared';
import { sendFiles } from '../../../components/upload-button';

/** POST /account/profile/picture (multipart, one image): stored resized (256×256) by the server. */
export async function uploadPicture(file: File, onProgress?: (percent: number) => void): Promise<TProfilePictureResponse> {
  const answer = await sendFiles({ path: '/account/profile/picture', files: [file], onProgress, emitHttpError: false });
  return ZProfilePictureResponse.parse(answer);
}

/** The address of a profile picture for <img>: the resource token in `_token`, and a version against the cache. */
export function pictureUrl(picUri: string | null | undefined, resourceToken: string | null, version = 0): string | null {
  if (!picUri || !resourceToken) return null;
  const url = new URL(picUri, window.location.origin);
  url.searchParams.set('_token', resourceToken);
  if (version > 0) url.searchParams.set('v', String(version));
  return `${url.pathname}${url.search}`;
}
