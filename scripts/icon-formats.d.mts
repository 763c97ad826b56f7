export const ICO_SIZES: number[];
export const ICNS_TYPES: [string, number][];
export const LINUX_SIZES: number[];
export function buildIco(pngs: Map<number, Buffer>, sizes?: number[]): Buffer;
export function buildIcns(pngs: Map<number, Buffer>, types?: [string, number][]): Buffer;
export function pngSize(png: Buffer): { width: number; height: number };
export function icoSizes(ico: Buffer): number[];
export function icnsEntries(icns: Buffer): [string, number][];
