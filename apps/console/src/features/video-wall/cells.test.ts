import { describe, expect, it } from 'vitest';
import { cellList, place, within } from './cells';

describe('the wall grid', () => {
  it('places a screen, moves it, swaps two and empties a place', () => {
    let cells = place(new Map(), '0,0', 7);
    cells = place(cells, '0,1', 8);
    expect(cellList(cells)).toEqual([
      { row: 0, column: 0, device_id: 7 },
      { row: 0, column: 1, device_id: 8 },
    ]);
    // 7 onto 8's place: they swap.
    cells = place(cells, '0,1', 7);
    expect([...cells]).toEqual(
      expect.arrayContaining([
        ['0,1', 7],
        ['0,0', 8],
      ]),
    );
    // 8 to an empty place: its old one empties.
    cells = place(cells, '1,1', 8);
    expect(cellList(cells)).toEqual([
      { row: 0, column: 1, device_id: 7 },
      { row: 1, column: 1, device_id: 8 },
    ]);
    expect(cellList(place(cells, '0,1', null))).toEqual([{ row: 1, column: 1, device_id: 8 }]);
  });

  it('drops the places a smaller grid no longer has', () => {
    const cells = new Map([
      ['0,0', 1],
      ['2,1', 2],
      ['1,3', 3],
    ]);
    expect(cellList(within(cells, 2, 4))).toEqual([
      { row: 0, column: 0, device_id: 1 },
      { row: 1, column: 3, device_id: 3 },
    ]);
  });
});
