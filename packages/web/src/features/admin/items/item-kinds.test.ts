import { describe, expect, it } from 'vitest';
import { deleteDisabledMessage, failureMessage, ITEM_KINDS, successMessage, type ItemKind } from './item-kinds.ts';

const KINDS: ItemKind[] = ['glider', 'block', 'launch', 'introLaunch', 'tug', 'pilot'];

describe('editor messages', () => {
  it('success toasts', () => {
    expect(successMessage('glider', false)).toBe('Glider updated successfully');
    expect(successMessage('glider', true)).toBe('Glider created successfully');
    expect(KINDS.map((k) => successMessage(k, false))).toEqual([
      'Glider updated successfully',
      'Block updated successfully',
      'Launch updated successfully',
      'Intro launch updated successfully',
      'Tug updated successfully',
      'Pilot updated successfully',
    ]);
  });

  it('failure alerts', () => {
    expect(KINDS.map(failureMessage)).toEqual([
      'Could not update glider',
      'Could not update block',
      'Could not update launch',
      'Could not update intro launch',
      'Could not update tug',
      'Could not update pilot',
    ]);
  });

  it('update-item types', () => {
    expect(KINDS.map((k) => ITEM_KINDS[k].type)).toEqual(['GLIDER', 'BLOCK', 'LAUNCH', 'INTRO_LAUNCH', 'TUG', 'PILOT']);
  });

  it('Delete is disabled: says so, suggests Not Ready or Inactive, then support', () => {
    for (const kind of KINDS) {
      const message = deleteDisabledMessage(kind);
      expect(message.startsWith('This function has been disabled')).toBe(true);
      expect(message).toContain('contact support');
    }
    expect(deleteDisabledMessage('glider')).toContain('Not Ready');
    expect(deleteDisabledMessage('tug')).toContain('Not Ready');
    expect(deleteDisabledMessage('block')).toContain('Inactive');
    expect(deleteDisabledMessage('pilot')).toContain('deselecting Active');
  });
});
