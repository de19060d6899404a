import { describe, expect, it } from 'vitest';
import { hasAdminRights, visibleSections } from './sections.ts';

const none = { userIsAdmin: false, userCanAddFunds: false, userCanAddIntros: false, userCanUpdateGliders: false };

describe('Administration sections by permission', () => {
  it('an admin sees every section, Intro Management once intro launches exist', () => {
    expect(visibleSections({ ...none, userIsAdmin: true }, 1)).toEqual([
      'users',
      'gliders',
      'launches',
      'tugs',
      'blocks',
      'introLaunches',
      'introManagement',
      'exports',
    ]);
    expect(visibleSections({ ...none, userIsAdmin: true }, 0)).not.toContain('introManagement');
  });

  it('can-add-funds sees only User Administration', () => {
    expect(visibleSections({ ...none, userCanAddFunds: true }, 3)).toEqual(['users']);
  });

  it('can-update-gliders sees only Glider Administration', () => {
    expect(visibleSections({ ...none, userCanUpdateGliders: true }, 3)).toEqual(['gliders']);
  });

  it('can-add-intros sees Intro Management only when intro launches exist', () => {
    expect(visibleSections({ ...none, userCanAddIntros: true }, 2)).toEqual(['introManagement']);
    expect(visibleSections({ ...none, userCanAddIntros: true }, 0)).toEqual([]);
  });

  it('none of the rights: not authorized', () => {
    expect(hasAdminRights(none)).toBe(false);
    expect(hasAdminRights({ ...none, userCanAddIntros: true })).toBe(true);
  });
});
