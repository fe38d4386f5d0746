import sharp from 'sharp';
import { reencodeLogo } from '../../src/logos/logo-image';
import { changeSiteDatabase } from './site-database';

/**
 * For the end-to-end run, whose production server only fetches logos over https from public
 * addresses: store a logo for `company` in the site's database as the server's fetcher does (a
 * picture re-encoded by the same code, in `logos`, the company pointing at it), and raise the
 * jobs' version so every server process drops its cached answers. Answers the logo's path.
 */
export async function storeLogoFor(
  sqliteFile: string,
  company: string,
  sourceUrl: string,
): Promise<string> {
  const picture = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 29, g: 78, b: 216 } },
  })
    .png()
    .toBuffer();
  const logo = await reencodeLogo(picture);
  await changeSiteDatabase(sqliteFile, async (trx) => {
    await trx('logos')
      .insert({
        hash: logo.hash,
        content_type: logo.contentType,
        bytes: logo.bytes,
        width: logo.width,
        height: logo.height,
        source_url: sourceUrl,
        fetched_at: Date.now(),
      })
      .onConflict('hash')
      .ignore();
    const updated = await trx('companies')
      .where({ name: company })
      .update({ logo_url: sourceUrl, logo_hash: logo.hash });
    if (!updated) throw new Error(`no company named ${company}`);
  });
  return `/logos/${logo.hash}.png`;
}
