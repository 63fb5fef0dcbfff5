import type { RouteRecordRaw } from 'vue-router';

/** Tagged videos: mine, a recording's, one tagged video; my recordings. */
export const videosRoutes: RouteRecordRaw[] = [
  {
    path: '/videos',
    name: 'videos',
    component: () => import('../views/videos/MyTaggedVideosView.vue'),
    meta: { titleKey: 'nav.videos' },
  },
  {
    path: '/videos/:videoId(\\d+)',
    name: 'video-tagged-videos',
    component: () => import('../views/videos/RecordingTaggedVideosView.vue'),
    meta: { titleKey: 'nav.videos' },
  },
  {
    path: '/videos/:videoId(\\d+)/tagged/:taggedVideoId(\\d+)',
    name: 'tagged-video',
    component: () => import('../views/videos/TaggedVideoView.vue'),
    meta: { titleKey: 'nav.videos' },
  },
  {
    path: '/record',
    name: 'record',
    component: () => import('../views/RecordView.vue'),
    meta: { titleKey: 'nav.record' },
  },
  {
    path: '/recordings',
    name: 'recordings',
    component: () => import('../views/videos/MyRecordingsView.vue'),
    meta: { titleKey: 'nav.recordings' },
  },
];
