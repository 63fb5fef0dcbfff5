import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import msiProjectCreated from '../../../scripts/msi-project-created.mjs';
// app-builder-lib's modules import each other in a cycle that resolves only from its entry point.
import 'app-builder-lib';
import MsiTarget from 'app-builder-lib/out/targets/MsiTarget';
import { getEffectiveOptions } from 'app-builder-lib/out/options/CommonWindowsInstallerConfiguration';
import { Arch } from 'builder-util';
import { XMLParser } from 'fast-xml-parser';

/**
 * The WiX project electron-builder writes for our MSI (its own MsiTarget and template, our
 * electron-builder.yml), offline: a made-up unpacked app stands in for the packaged one, and WiX
 * itself is never run (it needs Windows or Wine and a download).
 */
export async function electronBuilderMsiProject(config: Configuration, version: string): Promise<string> {
  const appOutDir = mkdtempSync(join(tmpdir(), 'vc-msi-app-'));
  writeFileSync(join(appOutDir, `${config.productName}.exe`), 'MZ');
  mkdirSync(join(appOutDir, 'resources'));
  writeFileSync(join(appOutDir, 'resources', 'app.asar'), '');
  // What MsiTarget reads of electron-builder's WinPackager while writing the project.
  const packager = {
    config,
    platformSpecificBuildOptions: config.win ?? {},
    appInfo: {
      id: config.appId,
      productName: config.productName,
      productFilename: config.productName,
      sanitizedProductName: config.productName,
      sanitizedName: 'videocollab-desktop',
      companyName: 'Video Collab',
      description: 'Video Collab Desktop',
      getVersionInWeirdWindowsForm: () => `${version}.0`,
    },
    getIconPath: () => Promise.resolve(null),
    compression: 'normal',
    fileAssociations: [],
    expandMacro: (pattern: string) => pattern,
  };
  const target = new MsiTarget(packager as never, join(appOutDir, 'dist'));
  const writeManifest = (
    target as unknown as { writeManifest(dir: string, arch: Arch, options: unknown): Promise<string> }
  ).writeManifest.bind(target);
  return writeManifest(appOutDir, Arch.x64, getEffectiveOptions(target.options, packager as never));
}

/**
 * Our configuration's WiX project for this package version, passed through our msiProjectCreated hook as
 * electron-builder calls it (the path of project.wxs, in the folder WiX then runs in), and read back.
 */
export async function stagedMsiProject(): Promise<{ config: Configuration; projectFile: string; project: XmlElement }> {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const config = await getConfig(process.cwd(), null, null);
  const projectFile = join(mkdtempSync(join(tmpdir(), 'vc-msi-stage-')), 'project.wxs');
  writeFileSync(projectFile, await electronBuilderMsiProject(config, version));
  await msiProjectCreated(projectFile);
  return { config, projectFile, project: parseWix(readFileSync(projectFile, 'utf8')) };
}

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

function toElement(node: OrderedNode): XmlElement | undefined {
  const name = Object.keys(node).find((key) => key !== ':@');
  if (!name || name === '#text' || name === '#comment' || name.startsWith('?')) return undefined;
  const content = (node[name] ?? []) as OrderedNode[];
  const attributes = Object.fromEntries(
    Object.entries(node[':@'] ?? {}).map(([key, value]) => [key.replace(/^@_/, ''), String(value)]),
  );
  const text = content
    .map((child) => ('#text' in child ? String(child['#text']) : '__cdata' in child ? cdataText(child) : ''))
    .join('');
  return { name, attributes, children: content.flatMap((child) => toElement(child) ?? []), text };
}

const cdataText = (node: OrderedNode): string =>
  ((node.__cdata ?? []) as OrderedNode[]).map((part) => String(part['#text'] ?? '')).join('');

/** Parses a WiX project into plain elements (attributes as text, CDATA as text). */
export function parseWix(text: string): XmlElement {
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    parseAttributeValue: false,
    parseTagValue: false,
    cdataPropName: '__cdata',
  });
  const nodes = parser.parse(text) as OrderedNode[];
  const root = nodes.map(toElement).find((element) => element?.name === 'Wix');
  if (!root) throw new Error('no <Wix> element');
  return root;
}

/** Every element called `name` under `element`, at any depth. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [...(child.name === name ? [child] : []), ...findAll(child, name)]);
}
