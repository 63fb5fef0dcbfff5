export * from './result';
export * from './dto';
export * from './channels';
export * from './uploads';
export * from './notifications';
