import { MESSAGES, type TProfilePictureResponse, type TUpdateProfileRequest } from '@strata/shared';
import sharp from 'sharp';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { randomKey, type Storage } from '../../platform/storage.js';
import { safeError } from '../../platform/safe-error.js';
import { findUserById, updateUser } from '../users/users.service.js';

/** Largest picture accepted, and the size it is stored at (square, WebP). */
export const PICTURE_MAX_BYTES = 2_000_000;
export const PICTURE_SIZE = 256;
/** Formats accepted, judged from the content (never the file name). SVG is refused: it is a document, not a picture. */
const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Decompression bombs: refuse images over 40 megapixels before decoding them. */
const MAX_PIXELS = 40_000_000;

export const pictureUri = (userId: number) => `/api/v1/account/picture/${userId}`;

/** The caller's own profile: full name, description and picture (login name and user type are read-only). */
export class ProfileService {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: Storage,
  ) {}

  async update(actor: Actor, body: TUpdateProfileRequest): Promise<void> {
    const db = this.ctx.db.orm;
    const user = await findUserById(db, actor.userId);
    if (!user) throw notFound(MESSAGES.userNotFound);
    const next = { fullname: body.fullname, description: body.description || null };
    const diff = changedFields({ fullname: user.fullname, description: user.description }, next);
    if (Object.keys(diff.after).length === 0) return;
    await db.transaction(async (tx) => {
      await updateUser(tx, user.userId, { ...next, updatedAt: this.ctx.now() });
      await writeAudit(tx, actor, { action: 'account.profile.update', entityType: 'user', entityId: user.userId, ...diff });
    });
  }

  /**
   * A new picture: the bytes must decode as a JPEG/PNG/WebP/GIF/AVIF/HEIF/TIFF image; it is auto-rotated, cropped to
   * 256×256 and stored as WebP without metadata (no EXIF location leaves the server). The old file is removed after
   * commit.
   */
  async setPicture(actor: Actor, data: Buffer): Promise<TProfilePictureResponse> {
    if (data.length === 0) throw badRequest({ picture: MESSAGES.fileRequired });
    if (data.length > PICTURE_MAX_BYTES) throw badRequest({ picture: MESSAGES.imageTooLarge });
    const webp = await toAvatar(data);
    const db = this.ctx.db.orm;
    const user = await findUserById(db, actor.userId);
    if (!user) throw notFound(MESSAGES.userNotFound);
    const key = randomKey('avatars', 'webp');
    await this.storage.write(key, webp);
    const uri = pictureUri(user.userId);
    try {
      await db.transaction(async (tx) => {
        await updateUser(tx, user.userId, { picUri: uri, avatarKey: key, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, {
          action: 'account.picture.update',
          entityType: 'user',
          entityId: user.userId,
          before: { pic_uri: user.picUri },
          after: { pic_uri: uri, bytes: webp.length },
        });
      });
    } catch (err) {
      await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
    if (user.avatarKey) {
      await this.storage.remove(user.avatarKey).catch((err: unknown) => this.ctx.log.warn({ err: safeError(err) }, 'old avatar not removed'));
    }
    return { pic_uri: uri };
  }

  /** The stored picture of a user (WebP), or 404. */
  async picture(userId: number): Promise<Buffer> {
    const user = await findUserById(this.ctx.db.orm, userId);
    const data = user?.avatarKey ? await this.storage.read(user.avatarKey) : undefined;
    if (!data) throw notFound('Picture not found');
    return data;
  }
}

async function toAvatar(data: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
    format = meta.format;
  } catch {
    throw badRequest({ picture: MESSAGES.notAnImage });
  }
  if (!format || !PICTURE_FORMATS.has(format)) throw badRequest({ picture: MESSAGES.notAnImage });
  try {
    return await sharp(data, { limitInputPixels: MAX_PIXELS }).rotate().resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
  } catch {
    // Decodable header, broken body.
    throw badRequest({ picture: MESSAGES.notAnImage });
  }
}
