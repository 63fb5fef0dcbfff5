export * from './result';
export * from './dto';
export * from './channels';
