/** About → Updates (`about.updates`): who updates this copy of the app, and where an update stands. */
export default {
  title: 'Updates',
  mode: {
    automatic: 'The app updates itself: new versions download in the background.',
    managedByOrganisation: 'Updates are managed by your organisation.',
    packageManager: 'Updates come from your system’s package manager.',
    offByPolicy: 'Your organisation has turned automatic updates off.',
    development: 'Updates are not checked in a development build.',
    unsupported: 'This copy of the app cannot update itself. Install it with an installer to get updates.',
    manual:
      'This AppImage does not update itself, because the app cannot check who made an update. Get new versions where you got this one, or install the .deb or .rpm package, which your system keeps up to date.',
  },
  state: {
    idle: 'No update is waiting.',
    checking: 'Checking for updates…',
    downloading: 'Downloading an update: {percent}%',
    readyQuit: 'Version {version} is ready and will be installed when you quit the app.',
    readyWindow: 'Version {version} is ready and will be installed between {start} and {end}.',
    readyUploads: 'Version {version} is ready and will be installed once your uploads have finished.',
    installing: 'Installing version {version}…',
    error: 'The last check for updates did not succeed; the app will try again later.',
  },
};
