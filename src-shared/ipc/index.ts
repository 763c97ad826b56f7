export * from './channels';
export * from './contract';
export * from './wire';
export * from './names';
