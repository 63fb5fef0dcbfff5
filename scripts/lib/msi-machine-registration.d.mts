/** Types of msi-machine-registration.mjs, for the TypeScript tests that import it. */
export declare const URL_SCHEME: string;

export declare const URL_SCHEME_NAME: string;

export declare const HIDDEN_START_ARG: string;

export declare const MACHINE_LOGIN_MARKER: { file: string; text: string };

export declare const START_AT_LOGIN_PROPERTY: string;

export declare const RUN_KEY: string;

export declare const RUN_VALUE_NAME: string;

export declare function startAtLoginCondition(value: 0 | 1): string;

export declare function machineRegistrationFragment(upgradeCode: string): string;

export declare function withMachineRegistration(project: string): string;
