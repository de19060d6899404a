import sanitizeHtml from 'sanitize-html';
import { parseClubLogoPath } from '@flightline/domain/club/club-logo';

/**
 * A club message is rich text written by an admin and shown to every member:
 * only formatting survives; scripts, event handlers and javascript: links
 * never do. Its one image may be the club's own uploaded logo: an <img> whose
 * src is an address of this club's logo shows the logo in use; every other
 * image is dropped, as pages load images from this site only (img-src 'self').
 */
export function sanitizeClubMessage(html: string, club: { id: string; logo: string }): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'a',
      'h2',
      'h3',
      'h4',
      'h5',
      'blockquote',
      'span',
      'img',
      'hr',
    ],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: [] },
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
      img: (tagName, attribs) => {
        const src = attribs.src === undefined ? undefined : parseClubLogoPath(attribs.src);
        const ownLogo = club.logo !== '' && src?.clubId === club.id;
        const { src: _dropped, ...rest } = attribs;
        return { tagName, attribs: ownLogo ? { ...rest, src: club.logo } : rest };
      },
    },
    // An image left without a source (not the club's logo) is dropped.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}
