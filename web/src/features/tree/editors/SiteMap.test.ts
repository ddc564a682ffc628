import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTRE, ZOOM_SITE, initialView } from './SiteMap';

describe('the site map', () => {
  it('TREE-020: its default centre is a Madrid-area point and its default zoom 13, the zoom on a site with a position', () => {
    expect(DEFAULT_CENTRE.lat).toBeCloseTo(40.42, 1);
    expect(DEFAULT_CENTRE.lng).toBeCloseTo(-3.7, 1);
    expect(ZOOM_SITE).toBe(13);
    expect(initialView({ lat: 43.26, lng: -2.93 })).toEqual({ centre: { lat: 43.26, lng: -2.93 }, zoom: 13 });
  });

  it('TREE-021: a site without GPS opens at zoom 5, on the default centre', () => {
    expect(initialView(null)).toEqual({ centre: DEFAULT_CENTRE, zoom: 5 });
  });
});
