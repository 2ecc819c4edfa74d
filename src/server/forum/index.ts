// The forum's public face: what other features may use (the demo writes posts through it).
export { createPost, createResponse, requireForumAuthor, type ForumAuthor } from './service';
